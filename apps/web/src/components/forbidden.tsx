import { Alert } from '@mantine/core';

/** What a journal, logbook or well page says when it cannot be loaded. */
export function Forbidden({ text }: { text: string }) {
  return (
    <Alert color="red" variant="light" title={text} role="alert">
      It may not exist, or it may belong to someone else. If it is yours, check that you are signed in.
    </Alert>
  );
}
