import type { Caravan, CaravanMember } from '@caravanserai/api';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRemoveMember, useSetMemberRole } from '../api/change-member';
import { failureText } from '../lib/failure-text';
import { RoleBadge } from './role-badge';

const joinedDay = (iso: string) => iso.slice(0, 10);

/**
 * The members and their roles. A leader may promote, demote and remove anyone; anyone may leave.
 * The server refuses the last leader's leaving (409), and its sentence is shown.
 */
export function MemberList({ caravan, me, onLeft }: { caravan: Caravan; me: string; onLeft: () => void }) {
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const leader = caravan.role === 'leader';
  const failed = setRole.error ?? remove.error;
  const busy = setRole.isPending || remove.isPending;
  const id = caravan.caravan_id;

  const actions = (member: CaravanMember) => {
    const self = member.username === me;
    return (
      <Group gap="xs" wrap="wrap">
        {leader && (
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            aria-label={`${member.role === 'leader' ? 'Make member' : 'Make leader'}: ${member.username}`}
            onClick={() => {
              remove.reset();
              setRole.mutate({
                id,
                username: member.username,
                role: member.role === 'leader' ? 'member' : 'leader',
              });
            }}
          >
            {member.role === 'leader' ? 'Make member' : 'Make leader'}
          </Button>
        )}
        {(leader || self) && (
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={busy}
            aria-label={self ? 'Leave caravan' : `Remove ${member.username}`}
            onClick={() => {
              setRole.reset();
              remove.mutate({ id, username: member.username }, { onSuccess: self ? onLeft : undefined });
            }}
          >
            {self ? 'Leave' : 'Remove'}
          </Button>
        )}
      </Group>
    );
  };

  return (
    <Stack gap="sm">
      {failed && (
        <Alert color="red" variant="light" role="alert" title="The change was not made.">
          {failureText(failed, 'The server did not answer. Please try again.')}
        </Alert>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members">
        {caravan.members.map((member) => (
          <Paper component="li" withBorder p="sm" key={member.username}>
            <Group justify="space-between" gap="xs">
              <Group gap="xs" style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {member.username}
                  {member.username === me && (
                    <Text span c="dimmed" fw={400} size="sm">
                      {' '}
                      (you)
                    </Text>
                  )}
                </Text>
                <RoleBadge role={member.role} />
                <Text size="sm" c="dimmed">
                  joined {joinedDay(member.joined_at)}
                </Text>
              </Group>
              {actions(member)}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
