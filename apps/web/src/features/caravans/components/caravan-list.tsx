import type { CaravanSummary } from '@caravanserai/api';
import { Group, Paper, Text } from '@mantine/core';
import { CardList } from '../../../components/card-list';
import { paths } from '../../../config/paths';
import { RoleBadge } from './role-badge';

/** The caravans the user leads or belongs to, each card a link to its page. */
export function CaravanList({ caravans, loading }: { caravans: CaravanSummary[]; loading: boolean }) {
  return (
    <CardList
      items={caravans}
      loading={loading}
      loadingLabel="Loading caravans"
      empty={
        <Paper withBorder p="md">
          <Text c="dimmed">You are in no caravan yet. Create one below, or accept an invite.</Text>
        </Paper>
      }
      label="Your caravans"
      itemKey={(caravan) => caravan.caravan_id}
      href={(caravan) => paths.caravans.detail.href(caravan.caravan_id)}
    >
      {(caravan) => (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {caravan.name}
          </Text>
          <RoleBadge role={caravan.role} />
        </Group>
      )}
    </CardList>
  );
}
