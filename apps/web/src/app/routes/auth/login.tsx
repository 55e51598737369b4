import { Anchor, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SsoButton } from '../../../features/auth/components/sso-button';
import { usePublicConfig } from '../../../lib/use-public-config';

export function Component() {
  const navigate = useNavigate();
  const sso = usePublicConfig()?.sso;
  return (
    <Page title="Login" heading="Login" size="xs">
      <Paper withBorder p="lg">
        {sso && <SsoButton label={sso.label} />}
        <LoginForm onSuccess={() => navigate(paths.shell.href())} />
        <Text mt="sm" size="sm" ta="right">
          <Anchor component={Link} to={paths.passwordReset.href()}>
            Forgot password?
          </Anchor>
        </Text>
      </Paper>
      <Text mt="md" size="sm">
        New here?{' '}
        <Anchor component={Link} to={paths.signup.href()}>
          Create an account
        </Anchor>
      </Text>
    </Page>
  );
}
