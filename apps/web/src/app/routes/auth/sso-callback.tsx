import { Paper } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { providerAnswerOf } from '../../../features/auth/api/sso';
import { SsoFinish } from '../../../features/auth/components/sso-finish';

/** /login/sso/: where the identity provider sends the browser back; completes the sign-in. */
export function Component() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Read once: the address is cleaned of the provider's code as soon as the sign-in ends.
  const [answer] = useState(() => providerAnswerOf(search));
  // The provider's code and state leave the address (and so the history) at once.
  useEffect(() => window.history.replaceState(window.history.state, '', window.location.pathname), []);
  const signedIn = useCallback(() => navigate(paths.shell.href(), { replace: true }), [navigate]);
  return (
    <Page title="Signing in" heading="Single sign-on" size="xs">
      <Paper withBorder p="lg">
        <SsoFinish answer={answer} onSignedIn={signedIn} />
      </Paper>
    </Page>
  );
}
