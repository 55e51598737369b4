import { Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';

export function Component() {
  return (
    <Page title="Journals" heading="Journals">
      <Stack gap="lg">
        <Text>
          A Journal is a directory that holds your Logbooks. Start a new one from scratch, or load one you
          keep to carry on where you left off.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
          <Button component={Link} to={paths.journals.create.href()} size="md">
            New Journal
          </Button>
          <Button component={Link} to={paths.journals.list.href()} size="md" variant="default">
            Load Journal
          </Button>
        </SimpleGrid>
        <Text>
          Looking for a single conversation?{' '}
          <Anchor component={Link} to={paths.logbooks.home.href()}>
            Go to Logbooks
          </Anchor>
        </Text>
      </Stack>
    </Page>
  );
}
