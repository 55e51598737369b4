import { ApiClient } from '@caravanserai/api';
import { getToken } from './auth-storage';

/** The shared typed client, on this origin's API; the token is read at each request. */
export const api = new ApiClient({ baseUrl: `${window.location.origin}/api`, getToken });
