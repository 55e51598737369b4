import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/current-user';

/**
 * The Mapper terminal's route (spec 001 §2). Until the browser terminal lands this page only says
 * so; it is kept to one file so the terminal can replace it whole.
 */
export function Component() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <Page title="Mapper">
        <PageLoader label="Loading Mapper" />
      </Page>
    );
  }
  if (!user) {
    return (
      <Page title="Mapper" heading="Mapper">
        <Text size="lg">
          Mapper is disabled until you{' '}
          <Anchor component={Link} to={paths.login.href()} fw={700}>
            LOGIN
          </Anchor>
        </Text>
      </Page>
    );
  }
  return (
    <Page title="Mapper">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Mapper
        </Title>
        <Text>
          The browser terminal is coming in the next release. Until then, every unsalted Logbook's page has a
          shell box for its own commands, and the Mapper terminal application can be downloaded and run on
          your own machine.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={paths.logbooks.list.href()}>
            Your Logbooks
          </Button>
          <Button component={Link} to={paths.download.href()} variant="default">
            Download Mapper
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
