import { Alert, Anchor, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { PasswordResetConfirmForm } from '../../../features/auth/components/password-reset-confirm-form';

/** /password/reset/confirm/?uid=…&token=…: where a mailed reset link leads. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';

  return (
    <Page title="Choose a new password" heading="Choose a new password" size="xs">
      <Paper withBorder p="lg">
        {uid && token ? (
          <PasswordResetConfirmForm
            uid={uid}
            token={token}
            onSuccess={() => {
              notifications.show({
                message:
                  'Your password has been changed and you have been signed out everywhere: please log in.',
              });
              navigate(paths.login.href());
            }}
          />
        ) : (
          <Alert color="red" variant="light" role="alert" title="This link is incomplete">
            Open the whole link from the mail, or ask for a new one.
          </Alert>
        )}
      </Paper>
      <Text mt="md" size="sm">
        Link expired or used?{' '}
        <Anchor component={Link} to={paths.passwordReset.href()}>
          Ask for a new one
        </Anchor>
      </Text>
    </Page>
  );
}
