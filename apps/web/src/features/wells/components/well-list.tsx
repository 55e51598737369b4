import type { Well } from '@caravanserai/api';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CardList } from '../../../components/card-list';
import { LabelledValue } from '../../../components/labelled-value';
import { paths } from '../../../config/paths';
import classes from './well-list.module.css';

/** The user's wells, each card one link to the well's page. */
export function WellList({ wells, loading }: { wells: Well[]; loading: boolean }) {
  return (
    <CardList
      items={wells}
      loading={loading}
      loadingLabel="Loading wells"
      empty={<NoWells />}
      itemKey={(well) => well.wellid}
      href={(well) => paths.wells.detail.href(well.wellid)}
      cardClassName={classes.card}
    >
      {(well) => (
        <Stack gap={2}>
          <LabelledValue label="Well Name">{well.title}</LabelledValue>
          <LabelledValue label="Model">{well.origin_loc}</LabelledValue>
          <LabelledValue label="Well ID">{well.wellid}</LabelledValue>
          {well.caravan && <LabelledValue label="Shared by caravan">{well.caravan.name}</LabelledValue>}
          {well.rental && <LabelledValue label="Rented from">{well.rental.owner.username}</LabelledValue>}
        </Stack>
      )}
    </CardList>
  );
}

/** A failed load (usually: signed out) shows the same hints as an empty list. */
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
