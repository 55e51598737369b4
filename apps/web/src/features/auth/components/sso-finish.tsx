import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { type ProviderAnswer, refusalOf, useFinishSso } from '../api/sso';

/**
 * Completes a single sign-on once, with the provider's answer from the page's address: signed
 * in, `onSignedIn` runs; refused, the server's words are shown with the way back to the login.
 */
export function SsoFinish({ answer, onSignedIn }: { answer: ProviderAnswer; onSignedIn: () => void }) {
  const finish = useFinishSso();
  // The answer is good once: a second run of the effect (React's strict mode) must not send it again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    finish.mutate(answer, { onSuccess: onSignedIn });
  }, [answer, finish, onSignedIn]);

  if (finish.isError)
    return (
      <Stack>
        <Alert color="red" role="alert" title="You are not signed in">
          {refusalOf(finish.error)}
        </Alert>
        <Text size="sm">
          <Anchor component={Link} to={paths.login.href()}>
            Back to the login page
          </Anchor>
        </Text>
      </Stack>
    );
  return (
    <Stack align="center" py="md">
      <Loader aria-label="Signing in" />
      <Text>Signing you in…</Text>
    </Stack>
  );
}
