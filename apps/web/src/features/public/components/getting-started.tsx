import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Three steps from a visitor to a first answered query. */
export function GettingStarted() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="start-heading">
      <Title order={2} id="start-heading">
        Setting out
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>
          <Anchor component={Link} to={paths.signup.href()}>
            Sign up
          </Anchor>{' '}
          for a free Pilgrim account: unlimited Logbooks, Journals and Wells.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={paths.wells.create.href()}>
            Create a Well
          </Anchor>{' '}
          with the API key of your AI provider. The key is stored encrypted and never shown in full again.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={paths.logbooks.create.href()}>
            Create a Logbook
          </Anchor>{' '}
          on that Well, write your first query and keep the answer.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        Not ready to sign up? The{' '}
        <Anchor component={Link} to={paths.examples.href()} size="sm">
          public examples
        </Anchor>{' '}
        show finished Logbooks, and the{' '}
        <Anchor component={Link} to={paths.faq.href()} size="sm">
          FAQ
        </Anchor>{' '}
        answers the usual questions.
      </Text>
    </Stack>
  );
}
