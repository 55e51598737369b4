import { Alert, Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { PasswordResetForm } from '../../../features/auth/components/password-reset-form';
import { usePublicConfig } from '../../../lib/use-public-config';

/** /password/reset/: a link to set a new password, by e-mail, when the server sends mail. */
export function Component() {
  const config = usePublicConfig();
  return (
    <Page title="Reset password" heading="Reset your password" size="xs">
      <Paper withBorder p="lg">
        {!config ? (
          <PageLoader label="Loading" />
        ) : config.password_reset ? (
          <>
            <Text size="sm" mb="md">
              Enter the e-mail address of your account and we will mail you a link to choose a new password.
            </Text>
            <PasswordResetForm />
          </>
        ) : (
          <Alert color="yellow" variant="light" role="alert" title="Password reset is not available">
            This server is not set up to send e-mail, so it cannot mail you a reset link. Ask its
            administrators for help.
          </Alert>
        )}
      </Paper>
      <Text mt="md" size="sm">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.login.href()}>
          Login
        </Anchor>
      </Text>
    </Page>
  );
}
