import { useForm } from '@mantine/form';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useLogin } from '../api/login';
import { AuthForm, PasswordField, requiredText, UsernameInput } from './auth-form';

export const LOGIN_FAILED = 'Authentication failed. Please check your credentials.';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const [failed, setFailed] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: requiredText('Username is required'),
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
    <AuthForm
      onSubmit={submit}
      alert={failed ? [LOGIN_FAILED] : null}
      submitLabel="Login"
      loading={login.isPending}
    >
      <UsernameInput {...form.getInputProps('username')} />
      <PasswordField autoComplete="current-password" {...form.getInputProps('password')} />
    </AuthForm>
  );
}
