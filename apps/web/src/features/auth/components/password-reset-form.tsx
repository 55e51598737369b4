import { Alert, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthForm, requiredText } from './auth-form';

/** Asks for a reset link; once sent, says what happens next instead of the form. */
export function PasswordResetForm() {
  const reset = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [alert, setAlert] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: requiredText('Email is required') },
  });

  const submit = form.onSubmit((values) => {
    setAlert(null);
    reset.mutate(values.email.trim(), {
      onSuccess: ({ detail }) => setSent(detail),
      onError: (error) => {
        const { fields, other } = serverFieldErrors(error);
        form.setErrors(fields);
        setAlert(other.length > 0 ? other : null);
      },
    });
  });

  if (sent) {
    return (
      <Alert color="teal" variant="light" role="status" title="Check your mail">
        {sent} The link works once, within an hour. Nothing arrived? Look in the spam folder, or ask again.
      </Alert>
    );
  }
  return (
    <AuthForm onSubmit={submit} alert={alert} submitLabel="Send reset link" loading={reset.isPending}>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        required
        autoFocus
        description="The address of your account."
        {...form.getInputProps('email')}
      />
    </AuthForm>
  );
}
