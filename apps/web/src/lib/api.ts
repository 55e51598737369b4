import { ApiClient } from '@caravanserai/api';
import { clearToken, getToken } from './auth-storage';
import { apiPrefix } from './page-config';
import { queryClient } from './query-client';

const SENT_TOKEN = /^Token (.+)$/;

/**
 * A stored token the server refuses (expired, or revoked by 'Sign out everywhere' elsewhere) is
 * forgotten, and the request is sent again without it. Otherwise every later call would carry the
 * dead token and be refused, logging in again included. Resending is safe: the server refuses such
 * a request before doing anything. The cached answers were the signed-in user's, so all are asked
 * again, as a visitor.
 */
async function fetchForgettingRefusedToken(input: RequestInfo | URL, init: RequestInit = {}) {
  const response = await fetch(input, init);
  const headers = new Headers(init.headers);
  const sent = SENT_TOKEN.exec(headers.get('Authorization') ?? '')?.[1];
  if (response.status !== 401 || !sent || !(await saysInvalidToken(response))) return response;

  if (getToken() === sent) {
    clearToken();
    void queryClient.invalidateQueries();
  }
  // Another tab may have logged in meanwhile: its token is the one to use.
  const current = getToken();
  if (current) headers.set('Authorization', `Token ${current}`);
  else headers.delete('Authorization');
  return fetch(input, { ...init, headers });
}

async function saysInvalidToken(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body !== 'object' || body === null) return false;
    // A token the server no longer takes: unknown, expired, or its user disabled by an administrator.
    return (
      ('detail' in body && body.detail === 'Invalid token.') ||
      ('code' in body && body.code === 'authentication_failed')
    );
  } catch {
    return false;
  }
}

/** The shared typed client, on this origin's API (wherever the server mounts it); the token is read at each request. */
export const api = new ApiClient({
  baseUrl: `${window.location.origin}${apiPrefix}`,
  getToken,
  fetch: fetchForgettingRefusedToken,
});
