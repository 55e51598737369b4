import { Anchor, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';

export function Component() {
  const navigate = useNavigate();
  return (
    <Page title="Login" heading="Login" size="xs">
      <Paper withBorder p="lg">
        <LoginForm onSuccess={() => navigate(paths.shell.href())} />
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
