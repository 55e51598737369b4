import { Anchor, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { SignupForm } from '../../../features/auth/components/signup-form';

export function Component() {
  const navigate = useNavigate();
  return (
    <Page title="Signup" heading="Create a new account" size="xs">
      <Paper withBorder p="lg">
        <SignupForm
          onSuccess={(username) => {
            notifications.show({ message: `Welcome, ${username}. Your account is ready: please log in.` });
            navigate(paths.login.href());
          }}
        />
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
