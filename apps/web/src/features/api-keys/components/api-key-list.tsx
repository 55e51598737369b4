import type { ApiKey } from '@caravanserai/api';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useRevokeApiKey } from '../api/revoke-api-key';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const expired = (key: ApiKey) => key.expires !== null && Date.parse(key.expires) <= Date.now();

function expiry(key: ApiKey): string {
  if (key.expires === null) return 'Never expires';
  return `${expired(key) ? 'Expired' : 'Expires'} ${day.format(new Date(key.expires))}`;
}

/** The user's keys with their last use; each can be revoked after a confirmation. */
export function ApiKeyList({ keys }: { keys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  const [asked, setAsked] = useState<ApiKey | null>(null);

  const close = () => {
    revoke.reset();
    setAsked(null);
  };
  const confirm = () => {
    if (asked) revoke.mutate(asked.id, { onSuccess: () => setAsked(null) });
  };

  if (keys.length === 0) return <Text size="sm">You have no API keys yet.</Text>;
  return (
    <>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your API keys">
        {keys.map((key) => (
          <Paper component="li" key={key.id} withBorder p="sm" radius="md" aria-label={key.name}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {key.name}
                  </Text>
                  <Text component="code" size="sm" c="dimmed" ff="monospace">
                    {key.prefix}…
                  </Text>
                  {expired(key) && (
                    <Badge color="red" variant="light">
                      Expired
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {key.last_used === null
                    ? 'Never used'
                    : `Last used ${when.format(new Date(key.last_used))}`}
                </Text>
                <Text size="sm" c="dimmed">
                  Created {day.format(new Date(key.created))} · {expiry(key)}
                </Text>
              </Stack>
              <Button
                color="red"
                variant="light"
                size="xs"
                onClick={() => setAsked(key)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        opened={asked !== null}
        onClose={close}
        title={`Revoke “${asked?.name ?? ''}”?`}
        message="Every script and tool using this key is refused from its next request on. This cannot be undone."
        error={revoke.isError ? { title: 'The key was not revoked.', text: 'Please try again.' } : null}
        confirmLabel="Revoke key"
        loading={revoke.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
