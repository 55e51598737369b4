import { Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';

export function Component() {
  return (
    <Page title="Logbooks" heading="Logbooks">
      <Stack gap="lg">
        <Text>
          A Logbook is a running log of your conversation with an AI: context, queries, answers, comments and
          mirages, kept in one portable document. Start a new one, or load one to carry on.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
          <Button component={Link} to={paths.logbooks.create.href()} size="md">
            New Logbook
          </Button>
          <Button component={Link} to={paths.logbooks.list.href()} size="md" variant="default">
            Load Logbook
          </Button>
        </SimpleGrid>
        <Text>
          Logbooks can be grouped in Journals.{' '}
          <Anchor component={Link} to={paths.journals.home.href()}>
            Go to Journals
          </Anchor>
        </Text>
      </Stack>
    </Page>
  );
}
