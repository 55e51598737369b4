import { ApiError } from '@caravanserai/api';

/**
 * What to tell the user about a failed payments call: the server's words and, for a refusal by
 * Stripe, Stripe's reason ("Your card was declined."); a generic line when nothing came back.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'You are not signed in. Please log in and try again.';
    const parts = [error.detail, error.reason].filter((part): part is string => Boolean(part));
    if (parts.length > 0) return parts.join(' ');
    if (error.status >= 500) return 'The payment service did not answer. Please try again in a moment.';
  }
  return 'Something went wrong. Please check your connection and try again.';
}
