import { APICallError } from 'ai';

/** The provider's reason for a failure, in one line, with the caller's key scrubbed out. */
export function providerReason(
  error: unknown,
  apiKey: string,
  timeoutMs: number,
): { reason: string; timedOut: boolean } {
  const timedOut = isTimeout(error);
  let reason: string;
  if (timedOut) {
    // Not rounded to whole seconds: a 0.5 s limit must not read as '1 s' (or 0.4 s as '0 s').
    reason = `The provider did not answer within ${Number((timeoutMs / 1000).toFixed(3))} s.`;
  } else if (APICallError.isInstance(error)) {
    reason = `${error.statusCode ? `HTTP ${error.statusCode}: ` : ''}${error.message}`;
  } else if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    reason = `${error.message}${cause}`;
  } else {
    reason = String(error);
  }
  return { reason: scrub(reason, apiKey).slice(0, 500), timedOut };
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError') return true;
  return error.cause instanceof Error && error.cause.name === 'TimeoutError';
}

/** Providers sometimes echo the key (or most of it) back in their error messages. */
function scrub(text: string, apiKey: string): string {
  if (apiKey.length < 4) return text;
  let out = text.split(apiKey).join('[key]');
  if (apiKey.length >= 12) out = out.split(apiKey.slice(0, -4)).join('[key]');
  return out;
}
