import { Badge, VisuallyHidden } from '@mantine/core';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useInvites } from '../../features/caravans/api/get-invites';

/** Beside the Caravans link: how many caravan invites wait for the signed-in user, if any. */
export function InvitesBadge() {
  const { user } = useCurrentUser();
  const count = useInvites(user !== null).data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="xs"
      circle
      color="red"
      ml={4}
      style={{ verticalAlign: 'text-top' }}
      data-testid="invites-badge"
    >
      {count}
      <VisuallyHidden>{count === 1 ? ' invite waiting' : ' invites waiting'}</VisuallyHidden>
    </Badge>
  );
}
