import { ApiClient, ApiError, routes } from '@caravanserai/api';

const TIMEOUT_MS = 10_000;

/**
 * Whether `server` answers as a Caravanserai server, asked before anyone types a password: the
 * current-user call without a token must be refused with the server's own 401 body. Resolves
 * null when it is one, else the sentence to show.
 */
export async function checkServer(server: string, apiBase: string): Promise<string | null> {
  const api = new ApiClient({ baseUrl: apiBase });
  const check = 'Check the address (--server) and try again.';
  try {
    await api.send(routes.auth.user, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof ApiError) {
      if (isCaravanseraiRefusal(error)) return null;
      return `${server} does not look like a Caravanserai server (it answered ${error.status} where one answers 401). ${check}`;
    }
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'no answer in 10 s' : causeOf(error);
    return `Cannot reach ${server} (${reason}). ${check}`;
  }
  return `${server} does not look like a Caravanserai server (it let a visitor with no token in). ${check}`;
}

function isCaravanseraiRefusal(error: ApiError): boolean {
  const body = error.body;
  return (
    error.status === 401 &&
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    body.code === 'not_authenticated'
  );
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the name could not be looked up',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'no route to the host',
};

/** Node's fetch says only 'fetch failed'; the system's reason (ECONNREFUSED, ENOTFOUND) is its cause. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
    return REASONS[code] ?? (code || cause.message);
  }
  return error instanceof Error ? error.message : String(error);
}
