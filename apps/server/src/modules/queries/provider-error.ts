import { APICallError } from '@ai-sdk/provider';
import { scrubSecret } from '../../lib/scrub-secret.js';
import { answerTooLarge } from '../../providers/response-limit.js';

/** The longest reason shown; error pages can be huge, and only their start says anything. */
const MAX_REASON = 500;

/** The provider's reason for a failure, in one line, with the caller's key scrubbed out. */
export function providerReason(
  error: unknown,
  apiKey: string,
  timeoutMs: number,
): { reason: string; timedOut: boolean } {
  const timedOut = isTimeout(error);
  const tooLarge = answerTooLarge(error);
  let reason: string;
  if (timedOut) {
    // Not rounded to whole seconds: a 0.5 s limit must not read as '1 s' (or 0.4 s as '0 s').
    reason = `The provider did not answer within ${Number((timeoutMs / 1000).toFixed(3))} s.`;
  } else if (tooLarge) {
    reason = tooLarge.message;
  } else if (APICallError.isInstance(error)) {
    reason = `${error.statusCode ? `HTTP ${error.statusCode}: ` : ''}${error.message}`;
  } else if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    reason = `${error.message}${cause}`;
  } else {
    reason = String(error);
  }
  // Cut before scrubbing (scrubbing a huge page costs), with room so a key run at the edge is seen.
  return { reason: scrubSecret(reason.slice(0, MAX_REASON * 4), apiKey).slice(0, MAX_REASON), timedOut };
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError') return true;
  return error.cause instanceof Error && error.cause.name === 'TimeoutError';
}
