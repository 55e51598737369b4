import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Above a create form for a signed-out visitor: what they make belongs to an account. */
export function SignInFirst({ things }: { things: string }) {
  return (
    <Alert color="yellow" mb="md" title="You are not signed in">
      {things} belong to an account.{' '}
      <Anchor component={Link} to={paths.login.href()} inherit>
        Login
      </Anchor>{' '}
      first to create one.
    </Alert>
  );
}
