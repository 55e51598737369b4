import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Above a page that works on the user's own things, for a signed-out visitor. */
export function SignInToUse({ what }: { what: string }) {
  return (
    <Alert color="yellow" title="You are not signed in">
      <Anchor component={Link} to={paths.login.href()} inherit>
        Login
      </Anchor>{' '}
      first: {what}
    </Alert>
  );
}
