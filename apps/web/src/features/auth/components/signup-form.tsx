import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useSignup } from '../api/signup';
import { AuthForm, PasswordField, requiredText, UsernameInput } from './auth-form';

export const PASSWORDS_DIFFER = 'Passwords do not match!';
export const SIGNUP_FAILED = 'Signup failed. Please check your details and try again.';

const FIELD_NAMES = { password1: 'password', password2: 'confirm' };

/** `invite`: the code of the invite link the visitor came with, sent with the registration. */
export function SignupForm({
  onSuccess,
  invite,
}: {
  onSuccess: (username: string) => void;
  invite?: string;
}) {
  const signup = useSignup();
  const [alert, setAlert] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: { username: '', email: '', password: '', confirm: '' },
    validate: {
      username: requiredText('Username is required'),
      email: requiredText('Email is required'),
      password: (v) => (v ? null : 'Password is required'),
      confirm: (v) => (v ? null : 'Please confirm the password'),
    },
  });

  const submit = form.onSubmit((values) => {
    setAlert(null);
    // Checked here so a mismatch never reaches the server.
    if (values.password !== values.confirm) {
      setAlert([PASSWORDS_DIFFER]);
      return;
    }
    const email = values.email.trim();
    signup.mutate(
      {
        username: values.username.trim(),
        ...(email ? { email } : {}),
        password1: values.password,
        password2: values.confirm,
        ...(invite ? { invite } : {}),
      },
      {
        onSuccess: () => onSuccess(values.username.trim()),
        onError: (error) => {
          const { fields, other } = serverFieldErrors(error, FIELD_NAMES);
          // A spent invite link is no field of the form: it is said above it.
          const { invite: inviteProblem, ...own } = fields;
          form.setErrors(own);
          setAlert([SIGNUP_FAILED, ...(inviteProblem ? [inviteProblem] : []), ...other]);
        },
      },
    );
  });

  return (
    <AuthForm onSubmit={submit} alert={alert} submitLabel="Sign Up" loading={signup.isPending}>
      <UsernameInput {...form.getInputProps('username')} />
      <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <PasswordField autoComplete="new-password" {...form.getInputProps('password')} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        {...form.getInputProps('confirm')}
      />
    </AuthForm>
  );
}
