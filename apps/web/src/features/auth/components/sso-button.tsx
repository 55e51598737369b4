import { Alert, Button, Divider, Stack } from '@mantine/core';
import { refusalOf, useStartSso } from '../api/sso';

/** 'Sign in with {label}': off to the server's identity provider, which sends the browser back. */
export function SsoButton({ label }: { label: string }) {
  const start = useStartSso();
  return (
    <Stack gap="md" mb="md">
      {start.isError && (
        <Alert color="red" role="alert">
          {refusalOf(start.error)}
        </Alert>
      )}
      <Button
        variant="default"
        fullWidth
        loading={start.isPending || start.isSuccess}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (url) => window.location.assign(url),
          })
        }
      >
        Sign in with {label}
      </Button>
      <Divider label="or with your password" labelPosition="center" />
    </Stack>
  );
}
