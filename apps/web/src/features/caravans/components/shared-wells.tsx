import type { Caravan } from '@caravanserai/api';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useShareWell, useUnshareWell } from '../api/share-well';
import { failureText } from '../lib/failure-text';

/** One of the user's own wells, as the share picker offers it. */
export interface OwnWellChoice {
  wellid: string;
  title: string;
  origin_loc: string;
}

/**
 * The caravan's shared wells: members use them without ever seeing the key. A leader shares one of
 * their own wells and unshares any; members lose a well from their next query on.
 */
export function SharedWells({ caravan, ownWells }: { caravan: Caravan; ownWells: OwnWellChoice[] }) {
  const share = useShareWell();
  const unshare = useUnshareWell();
  const [picked, setPicked] = useState<string | null>(null);
  const leader = caravan.role === 'leader';
  const id = caravan.caravan_id;
  const shared = new Set(caravan.wells.map((well) => well.wellid));
  const choices = ownWells
    .filter((well) => !shared.has(well.wellid))
    .map((well) => ({ value: well.wellid, label: `${well.title} (${well.origin_loc})` }));
  const failed = share.error ?? unshare.error;

  return (
    <Stack gap="sm">
      {failed && (
        <Alert color="red" variant="light" role="alert" title="The change was not made.">
          {failureText(failed, 'The server did not answer. Please try again.')}
        </Alert>
      )}
      {caravan.wells.length === 0 ? (
        <Text c="dimmed">No well is shared with this caravan yet.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Shared wells">
          {caravan.wells.map((well) => (
            <Paper component="li" withBorder p="sm" key={well.wellid}>
              <Group justify="space-between" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {well.title}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {well.origin_loc} · shared by {well.owner.username}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Anchor
                    component={Link}
                    size="sm"
                    to={`${paths.logbooks.create.href()}?${new URLSearchParams({ well: well.wellid })}`}
                  >
                    New logbook
                  </Anchor>
                  {leader && (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={unshare.isPending}
                      aria-label={`Unshare ${well.title}`}
                      onClick={() => {
                        share.reset();
                        unshare.mutate({ id, wellid: well.wellid });
                      }}
                    >
                      Unshare
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {leader && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Share one of your wells"
            placeholder={choices.length ? 'Pick a well' : 'All your wells are shared'}
            data={choices}
            value={picked}
            onChange={setPicked}
            disabled={choices.length === 0}
            style={{ flex: '1 1 220px' }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            disabled={!picked}
            loading={share.isPending}
            onClick={() => {
              if (!picked) return;
              unshare.reset();
              share.mutate({ id, wellid: picked }, { onSuccess: () => setPicked(null) });
            }}
          >
            Share
          </Button>
        </Group>
      )}
    </Stack>
  );
}
