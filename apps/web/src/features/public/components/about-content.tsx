import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SupportEmail } from '../../../components/support-email';
import { paths } from '../../../config/paths';

/** What the product is, why it exists, and how to reach the people who run it. */
export function AboutContent() {
  return (
    <Stack gap="lg">
      <Text size="lg">
        Caravanserai keeps your conversations with AI models as documents you own. Every query and every
        answer is written into a Logbook, in one open format whatever the provider, so your work does not
        disappear into a chat history you cannot search, move or export.
      </Text>
      <Stack gap="xs" component="section">
        <Title order={2}>Why we built it</Title>
        <Text>
          People who use AI every day end up with their best thinking scattered across providers. Caravanserai
          brings it into one place: you ask through your own AI accounts (Wells), keep the answers, mark the
          wrong ones as Mirages instead of losing them, and export any Logbook as an XML file. Organisations
          get the same record, and Caravans, in development, will let administrators see and steer how their
          people use AI.
        </Text>
      </Stack>
      <Stack gap="xs" component="section">
        <Title order={2}>Why the name</Title>
        <Text>
          A caravanserai was a walled inn on the Silk Road where caravans stopped for the night, traded, and
          swapped news before moving on. The product keeps the vocabulary: Journals and Logbooks for the
          record of each journey, Wells for the sources you draw from, Salt for what you want to keep
          unchanged, and Mapper, the terminal, for finding your way with the keyboard.
        </Text>
      </Stack>
      <Stack gap="xs" component="section">
        <Title order={2}>Yours to run</Title>
        <Text>
          Caravanserai is self-hostable: one process serves the web app and the API, with an embedded database
          by default or PostgreSQL for larger installations. API keys are stored encrypted and are never sent
          back in full. Read more in the{' '}
          <Anchor component={Link} to={paths.faq.href()}>
            FAQ
          </Anchor>
          .
        </Text>
      </Stack>
      <Stack gap="xs" component="section">
        <Title order={2}>Contact</Title>
        <Text>
          Questions, bugs or ideas? Write to us at <SupportEmail />. To cancel a subscription, e-mail us with
          your username and subscription ID.
        </Text>
      </Stack>
    </Stack>
  );
}
