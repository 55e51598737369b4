import { ApiClient, ApiError } from '@caravanserai/api';
import { safeText } from '@caravanserai/mapper';
import { deleteCredentials, readCredentials, writeCredentials } from './config.js';
import { ask } from './prompt-input.js';
import { checkServer } from './server-check.js';

/**
 * `mapper login`: checks that the server is a Caravanserai server, then signs in and keeps the
 * token in the user's config folder (mode 600).
 */
export async function login(server: string, apiBase: string, givenUsername?: string): Promise<number> {
  // Before the prompts: nobody should type a password for an address that is wrong.
  const problem = await checkServer(server, apiBase);
  if (problem) {
    console.error(safeText(problem));
    return 1;
  }
  const username = (givenUsername ?? (await ask('Username: '))).trim();
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

/** `mapper logout`: revokes the token on the server and forgets it here. */
export async function logout(): Promise<number> {
  const saved = readCredentials();
  if (saved) {
    await new ApiClient({ baseUrl: saved.api, token: saved.token }).auth.logout().catch(() => {});
  }
  deleteCredentials();
  console.log('Signed out.');
  return 0;
}
