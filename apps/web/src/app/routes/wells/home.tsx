import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';

const PROVIDERS = [
  'OpenAI',
  'Anthropic',
  'Google',
  'Mistral',
  'A local OpenAI-compatible server such as Ollama, LM Studio or vLLM (or OpenRouter)',
];

/** /wells/ and /wells/private/: what a well is, and the way to make, open or rent one. */
export function Component() {
  return (
    <Page title="Wells" heading="Caravanserai Wells">
      <Stack gap="lg">
        <Group gap="sm">
          <Button component={Link} to={paths.wells.create.href()}>
            Create Well
          </Button>
          <Button component={Link} to={paths.wells.list.href()} variant="default">
            Load Well
          </Button>
          <Button component={Link} to={paths.bazaar.wells.href()} variant="default">
            Wells for rent
          </Button>
        </Group>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              What is a well?
            </Title>
            <Text>
              A well is a connected AI model: your own account at an AI provider, reached with your own API
              key. Every logbook draws its answers from a well, so you choose which model answers and you pay
              the provider directly.
            </Text>
            <Text>A well can use:</Text>
            <List spacing={4}>
              {PROVIDERS.map((provider) => (
                <List.Item key={provider}>{provider}</List.Item>
              ))}
            </List>
            <Text>
              No key of your own? Rent a well another user offers in the Bazaar: you ask through it without
              ever seeing its key, within the owner’s monthly cap.
            </Text>
            <Text>
              API keys are stored encrypted and are never shown again: after saving, you only see a masked
              copy such as …abcd, its last four characters.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Page>
  );
}
