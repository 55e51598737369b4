import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useWells } from '../../../features/wells/api/get-wells';
import { WellList } from '../../../features/wells/components/well-list';

/** A failed load (usually: signed out) shows the same hints as an empty list (spec 000 §8). */
function NoWells() {
  return (
    <Stack gap={4}>
      <Text fw={600}>No wells found.</Text>
      <Text>You may need to login, then create a well</Text>
      <Group gap="md">
        <Anchor component={Link} to={paths.login.href()}>
          Login
        </Anchor>
        <Anchor component={Link} to={paths.wells.create.href()}>
          Create a well
        </Anchor>
      </Group>
    </Stack>
  );
}

/** /wells/list/ (WellsHome): the signed-in user's wells. */
export function Component() {
  const wells = useWells();
  return (
    <Page title="Your Wells">
      <Breadcrumbs
        items={[
          { label: 'Home', href: paths.home.href() },
          { label: 'Well Home', href: paths.wells.home.href() },
          { label: 'Well List' },
        ]}
      />
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Your Wells
        </Title>
        <Button component={Link} to={paths.wells.create.href()}>
          New Well
        </Button>
      </Group>
      {wells.isPending ? (
        <PageLoader label="Loading wells" />
      ) : wells.data && wells.data.wells.length > 0 ? (
        <WellList wells={wells.data.wells} />
      ) : (
        <NoWells />
      )}
    </Page>
  );
}
