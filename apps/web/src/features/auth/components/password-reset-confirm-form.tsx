import { useForm } from '@mantine/form';
import { useState } from 'react';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AuthForm, PasswordField } from './auth-form';
import { PASSWORDS_DIFFER } from './signup-form';

const FIELD_NAMES = { new_password1: 'password', new_password2: 'confirm' };

/** The new password, twice, for the link's uid and token; `onSuccess` once it is set. */
export function PasswordResetConfirmForm({
  uid,
  token,
  onSuccess,
}: {
  uid: string;
  token: string;
  onSuccess: () => void;
}) {
  const confirm = useConfirmPasswordReset();
  const [alert, setAlert] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => (v ? null : 'Password is required'),
      confirm: (v) => (v ? null : 'Please confirm the password'),
    },
  });

  const submit = form.onSubmit((values) => {
    setAlert(null);
    if (values.password !== values.confirm) {
      setAlert([PASSWORDS_DIFFER]);
      return;
    }
    confirm.mutate(
      { uid, token, new_password1: values.password, new_password2: values.confirm },
      {
        onSuccess,
        onError: (error) => {
          const { fields, other } = serverFieldErrors(error, FIELD_NAMES);
          // The link's own problem (used, expired) belongs to no field of this form.
          const { token: linkProblem, uid: uidProblem, ...own } = fields;
          form.setErrors(own);
          const lines = [linkProblem, uidProblem, ...other].filter((line): line is string => Boolean(line));
          setAlert(lines.length > 0 ? lines : null);
        },
      },
    );
  });

  return (
    <AuthForm onSubmit={submit} alert={alert} submitLabel="Set new password" loading={confirm.isPending}>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        autoFocus
        {...form.getInputProps('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...form.getInputProps('confirm')}
      />
    </AuthForm>
  );
}
