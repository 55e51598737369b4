import { Alert, Anchor, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { usePublicConfig } from '../../../lib/use-public-config';

export function Component() {
  const navigate = useNavigate();
  const config = usePublicConfig();
  // An invite link leads here with its code: /signup/?invite=CODE.
  const invite = useSearchParams()[0].get('invite') ?? undefined;
  const mode = config?.registration ?? 'open';
  const refused =
    mode === 'closed'
      ? 'Registration is closed on this server: ask its administrators for an account.'
      : mode === 'invite' && !invite
        ? 'Registration on this server is by invitation: open the invite link an administrator or a caravan leader gave you.'
        : null;

  return (
    <Page title="Signup" heading="Create a new account" size="xs">
      <Paper withBorder p="lg">
        {refused ? (
          <Alert color="yellow" variant="light" role="alert" title="You cannot create an account here">
            {refused}
          </Alert>
        ) : (
          <>
            {invite && (
              <Text size="sm" mb="md">
                You are creating your account with an invite link.
              </Text>
            )}
            <SignupForm
              invite={invite}
              onSuccess={(username) => {
                notifications.show({
                  message: `Welcome, ${username}. Your account is ready: please log in.`,
                });
                navigate(paths.login.href());
              }}
            />
          </>
        )}
      </Paper>
      <Text mt="md" size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login.href()}>
          Login
        </Anchor>
      </Text>
    </Page>
  );
}
