import { Stack, Text, Title } from '@mantine/core';
import { Page } from '../../components/page';
import { ExampleList } from '../../features/public/components/example-list';

export function Component() {
  return (
    <Page title="Examples" heading="Public Logbook Examples Page" size="sm">
      <Stack gap="lg">
        <Text>
          Three finished Logbooks, public so that anyone can read them, signed in or not. Open one to see how
          entries, tags and answers fit together.
        </Text>
        <ExampleList />
        <Stack gap="xs" component="section">
          <Title order={2} fz="xl">
            Make one your own
          </Title>
          <Text>
            The examples are salted: they can be read and forked, but not edited. Sign in, open one and press
            'Fork Salted Logbook' to get your own copy with the same title and entries, private and unsalted.
            Attach it to one of your Wells in its Settings and carry the conversation on.
          </Text>
        </Stack>
      </Stack>
    </Page>
  );
}
