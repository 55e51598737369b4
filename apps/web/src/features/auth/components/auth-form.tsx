import {
  Alert,
  Button,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** A required text field: blank (or only spaces) is refused before a round trip. */
export const requiredText = (message: string) => (value: string) => (value.trim() ? null : message);

/** The Username field both forms start with. */
export function UsernameInput(props: TextInputProps) {
  return <TextInput label="Username" autoComplete="username" required autoFocus {...props} />;
}

/** A required password field; `autoComplete` tells password managers whether it is new. */
export function PasswordField({ label = 'Password', ...props }: PasswordInputProps) {
  // Mantine marks a TextInput with an error as invalid but not a PasswordInput; screen readers
  // should hear that the server refused the password, as they do for the other fields.
  return <PasswordInput label={label} required aria-invalid={props.error ? true : undefined} {...props} />;
}

/** The frame of the login and signup forms: what went wrong, the fields, one full-width button. */
export function AuthForm({
  onSubmit,
  alert,
  submitLabel,
  loading,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Lines for the red alert above the fields, or null for none. */
  alert: string[] | null;
  submitLabel: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {alert && (
          <Alert color="red" role="alert">
            {alert.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
        {children}
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
