import { Anchor, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { paths } from '../../../../../config/paths';
import { useForkLogbook } from '../../../api/fork-logbook';

/** What the composer of a salted logbook offers instead of the Scribe: a fork of one's own to carry on in. */
export function ForkPanel({
  logid,
  signedIn,
  onForked,
}: {
  logid: string;
  signedIn: boolean;
  onForked: (logid: string) => void;
}) {
  const fork = useForkLogbook();
  const start = () =>
    fork.mutate(logid, {
      onSuccess: (copy) => onForked(copy.logid),
      onError: () => notifications.show({ color: 'red', message: 'Error forking logbook' }),
    });
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        This Logbook is salted: it can be read and forked, not changed.
      </Text>
      {signedIn ? (
        <Button onClick={start} loading={fork.isPending}>
          Fork Salted Logbook
        </Button>
      ) : (
        <Text size="sm">
          <Anchor component={Link} to={paths.login.href()}>
            Log in
          </Anchor>{' '}
          to fork it.
        </Text>
      )}
    </Group>
  );
}
