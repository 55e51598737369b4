import { ApiError } from '@caravanserai/api';
import { getToken } from './auth-storage';

/**
 * Calls that only answer signed-in users fail at once without a token, as the server would, so a
 * signed-out visitor sees the page's empty or Forbidden state without a pointless 401 round trip.
 */
export function requireToken(): void {
  if (!getToken()) throw new ApiError(401, { detail: 'Authentication credentials were not provided.' });
}
