import type { CurrentUser } from '@caravanserai/api';
import { Alert, Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';

/**
 * The payments pages are the signed-in user's own: a visitor is asked to log in, and `username`
 * (from the address), when given, must be the user's own.
 */
export function SignedInOnly({
  username,
  otherUserHref,
  children,
}: {
  username?: string;
  /** Where the user's own version of this page is, when the address names someone else. */
  otherUserHref?: (own: string) => string;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user) {
    return (
      <Alert color="yellow" title="You are not signed in">
        Payment methods and subscriptions belong to an account.{' '}
        <Anchor component={Link} to={paths.login.href()} inherit>
          Login
        </Anchor>{' '}
        first.
      </Alert>
    );
  }
  if (username !== undefined && username !== user.username) {
    return (
      <Alert color="red" variant="light" role="alert" title="This is not your account">
        <Text size="sm">
          Only u/{username} can see their payment methods.{' '}
          {otherUserHref && (
            <Anchor component={Link} to={otherUserHref(user.username)} inherit>
              Go to yours
            </Anchor>
          )}
        </Text>
      </Alert>
    );
  }
  return <>{children(user)}</>;
}
