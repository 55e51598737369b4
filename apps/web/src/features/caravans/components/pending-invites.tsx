import type { Caravan, PendingInvite } from '@caravanserai/api';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useAcceptInvite, useDeclineInvite } from '../api/answer-invite';
import { failureText } from '../lib/failure-text';

/** The user's pending invites, each with Accept and Decline. */
export function PendingInvites({
  invites,
  onAccepted,
}: {
  invites: PendingInvite[];
  onAccepted: (caravan: Caravan) => void;
}) {
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const failed = accept.error ?? decline.error;
  const busy = accept.isPending || decline.isPending;

  if (invites.length === 0) return <Text c="dimmed">No invites are waiting.</Text>;
  return (
    <Stack gap="sm">
      {failed && (
        <Alert color="red" variant="light" role="alert" title="The invite was not answered.">
          {failureText(failed, 'The server did not answer. Please try again.')}
        </Alert>
      )}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pending invites">
        {invites.map((invite) => (
          <Paper component="li" withBorder p="md" key={invite.invite_id}>
            <Group justify="space-between" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {invite.caravan_name}
                </Text>
                <Text size="sm" c="dimmed">
                  Invited by {invite.invited_by}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={`Accept the invite to ${invite.caravan_name}`}
                  onClick={() => accept.mutate(invite.invite_id, { onSuccess: onAccepted })}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  disabled={busy}
                  aria-label={`Decline the invite to ${invite.caravan_name}`}
                  onClick={() => decline.mutate(invite.invite_id)}
                >
                  Decline
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
