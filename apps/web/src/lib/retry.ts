import { ApiError } from '@caravanserai/api';

/**
 * A 4xx answer (signed out, not yours, gone) will not change on a second try, and the page should
 * say so at once; a network blip or a 5xx gets one more try.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
