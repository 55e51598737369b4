import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useLogin } from '../api/login';

export const LOGIN_FAILED = 'Authentication failed. Please check your credentials.';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const [failed, setFailed] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Username is required'),
      password: (v) => (v ? null : 'Password is required'),
    },
  });

  const submit = form.onSubmit((values) => {
    setFailed(false);
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        setFailed(true);
        form.setErrors(serverFieldErrors(error).fields);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failed && (
          <Alert color="red" role="alert">
            {LOGIN_FAILED}
          </Alert>
        )}
        <TextInput
          label="Username"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
