import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/current-user';

/** Signed in: the user link and Logout. Signed out: Login and Signup. */
export function UserLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (user) {
    return (
      <Group gap="xs">
        {/* A long name is cut short, so the header's links stay on one line. */}
        <Button
          component={Link}
          to={paths.profile.href(user.username)}
          variant="subtle"
          onClick={onNavigate}
          maw={160}
          title={user.username}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{user.username}</span>
        </Button>
        <Button component={Link} to={paths.logout.href()} variant="default" onClick={onNavigate}>
          Logout
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <Button component={Link} to={paths.login.href()} variant="default" onClick={onNavigate}>
        Login
      </Button>
      <Button component={Link} to={paths.signup.href()} onClick={onNavigate}>
        Signup
      </Button>
    </Group>
  );
}
