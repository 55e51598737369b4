import type { AdminUser } from '@caravanserai/api';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useSetUserDisabled } from '../api/set-user-disabled';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const logbooks = (n: number) => (n === 1 ? '1 logbook' : `${n} logbooks`);

/**
 * The users of a page of the list, each with what an administrator needs to know and a Disable or
 * Enable button; disabling asks first. `me` (the administrator) cannot disable themself.
 */
export function UserList({ users, me }: { users: AdminUser[]; me: string }) {
  const change = useSetUserDisabled();
  const [asked, setAsked] = useState<AdminUser | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const set = (user: AdminUser, disabled: boolean, onDone?: () => void) => {
    setFailed(null);
    change.mutate(
      { username: user.username, disabled },
      {
        onSuccess: () => onDone?.(),
        onError: (error) => setFailed(serverFieldErrors(error).other.join(' ') || 'Please try again.'),
      },
    );
  };
  const close = () => {
    change.reset();
    setFailed(null);
    setAsked(null);
  };

  return (
    <>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
        {users.map((user) => {
          const self = user.username.toLowerCase() === me.toLowerCase();
          return (
            <Paper
              component="li"
              key={user.username}
              withBorder
              p="sm"
              radius="md"
              aria-label={user.username}
            >
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {user.username}
                    </Text>
                    {user.is_admin && (
                      <Badge variant="light" color="grape">
                        Admin
                      </Badge>
                    )}
                    {user.disabled && (
                      <Badge variant="light" color="red">
                        Disabled
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {user.email || (
                      <Text span c="dimmed" inherit>
                        No e-mail address
                      </Text>
                    )}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {user.role} · joined {day.format(new Date(user.created))} ·{' '}
                    {user.last_seen === null
                      ? 'never seen'
                      : `last seen ${when.format(new Date(user.last_seen))}`}{' '}
                    · {logbooks(user.logbook_count)}
                  </Text>
                </Stack>
                {user.disabled ? (
                  <Button
                    size="xs"
                    variant="light"
                    loading={change.isPending && change.variables?.username === user.username}
                    onClick={() => set(user, false)}
                    aria-label={`Enable ${user.username}`}
                  >
                    Enable
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    disabled={self}
                    title={self ? 'You cannot disable your own account.' : undefined}
                    onClick={() => setAsked(user)}
                    aria-label={`Disable ${user.username}`}
                  >
                    Disable
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {failed && asked === null && (
        <Text c="red" size="sm" role="alert" mt="xs">
          {failed}
        </Text>
      )}
      <ConfirmModal
        opened={asked !== null}
        onClose={close}
        title={`Disable ${asked?.username ?? ''}?`}
        message="Their sign-ins and API keys stop working at once, here and in every tool they use. Nothing of theirs is deleted, and enabling them again lets them back in."
        error={failed && asked ? { title: 'They were not disabled.', text: failed } : null}
        confirmLabel="Disable user"
        loading={change.isPending}
        onConfirm={() => {
          if (asked) set(asked, true, () => setAsked(null));
        }}
      />
    </>
  );
}
