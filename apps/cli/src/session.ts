import { ApiClient, ApiError, type CurrentUser } from '@caravanserai/api';
import { createState, type MapperState } from '@caravanserai/mapper';
import { readCredentials } from './config.js';

export interface CliSession {
  server: string;
  api: ApiClient;
  user: CurrentUser | null;
  state: MapperState;
}

/**
 * Connects to the server with the saved token, if it was issued by that server. A token the
 * server no longer accepts means signed out, as in the browser.
 */
export async function connect(server: string, apiBase: string): Promise<CliSession> {
  const saved = readCredentials();
  const token = saved && saved.server === server ? saved.token : null;
  const api = new ApiClient({ baseUrl: apiBase, token });
  let user: CurrentUser | null = null;
  if (token) {
    try {
      user = await api.auth.user();
    } catch (error) {
      // Only a refused token means signed out; a server that is down keeps the login for later.
      if (error instanceof ApiError && error.status === 401) api.token = null;
    }
  }
  return { server, api, user, state: createState() };
}
