import { API_KEY_PREFIX, ApiClient, ApiError } from '@caravanserai/api';
import { safeText } from '@caravanserai/mapper';
import { deleteCredentials, readCredentials, writeCredentials } from './config.js';
import { ask } from './prompt-input.js';
import { checkServer } from './server-check.js';

export interface LoginOptions {
  username?: string;
  /** A personal API key, or true to be asked for one (typed unseen, kept out of shell history). */
  key?: string | true;
}

/**
 * `mapper login`: checks that the server is a Caravanserai server, then signs in with a username
 * and password, or with a personal API key (`--key`), and keeps the token or key in the user's
 * config folder (mode 600).
 */
export async function login(server: string, apiBase: string, options: LoginOptions = {}): Promise<number> {
  // Before the prompts: nobody should type a password or a key for an address that is wrong.
  const problem = await checkServer(server, apiBase);
  if (problem) {
    console.error(safeText(problem));
    return 1;
  }
  if (options.key !== undefined) return loginWithKey(server, apiBase, options.key);
  const username = (options.username ?? (await ask('Username: '))).trim();
  const password = await ask('Password: ', true);
  const api = new ApiClient({ baseUrl: apiBase });
  try {
    const { key } = await api.auth.login({ username, password });
    api.token = key;
    const me = await api.auth.user();
    const file = writeCredentials({ server, api: apiBase, token: key, username: me.username });
    // The name as the server returned it, and an error that may quote the server: text, not controls.
    console.log(safeText(`Signed in to ${server} as ${me.username}. Token saved in ${file}.`));
    return 0;
  } catch (error) {
    const reason =
      error instanceof ApiError ? 'Authentication failed. Please check your credentials.' : String(error);
    console.error(safeText(reason));
    return 1;
  }
}

/** Signs in with a personal API key: kept as the token is, sent as a token is. */
async function loginWithKey(server: string, apiBase: string, given: string | true): Promise<number> {
  const key = (given === true ? await ask('API key: ', true) : given).trim();
  if (!key.startsWith(API_KEY_PREFIX)) {
    console.error(
      `That is not a personal API key (they start with ${API_KEY_PREFIX}). Make one on your profile page.`,
    );
    return 1;
  }
  const api = new ApiClient({ baseUrl: apiBase, token: key });
  try {
    const me = await api.auth.user();
    const file = writeCredentials({ server, api: apiBase, token: key, username: me.username });
    console.log(safeText(`Signed in to ${server} as ${me.username} with an API key. Key saved in ${file}.`));
    return 0;
  } catch (error) {
    const reason =
      error instanceof ApiError
        ? 'Authentication failed: the API key was refused (revoked, expired or mistyped).'
        : String(error);
    console.error(safeText(reason));
    return 1;
  }
}

/** `mapper logout`: revokes the token on the server and forgets it here (a key is only forgotten). */
export async function logout(): Promise<number> {
  const saved = readCredentials();
  const withKey = saved?.token.startsWith(API_KEY_PREFIX) === true;
  if (saved && !withKey) {
    await new ApiClient({ baseUrl: saved.api, token: saved.token }).auth.logout().catch(() => {});
  }
  deleteCredentials();
  console.log(
    withKey ? 'Signed out. The API key still works until you revoke it on your profile page.' : 'Signed out.',
  );
  return 0;
}
