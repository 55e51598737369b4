import { APICallError } from '@ai-sdk/provider';
import { scrubSecret } from '../../lib/scrub-secret.js';
import { answerTooLarge } from '../../providers/response-limit.js';

/** The longest reason shown; error pages can be huge, and only their start says anything. */
const MAX_REASON = 500;

/** A rented well's failure that did not come from its provider's answer: where it is stays unsaid. */
export const RENTED_WELL_UNREACHABLE = "The rented well's server could not be reached.";

/** What a failure's reason must not say to the caller: the well's key, and a rented well's server. */
export interface Concealed {
  apiKey: string;
  /**
   * The address of a rented well's server (DESIGN 10: its renter never learns it); null for a
   * well of the caller's own or of their caravan.
   */
  server: string | null;
}

/** What the reasons given to `well`'s caller must not say. */
export function concealedOf(well: {
  apiKey: string;
  row: { model_url: string };
  rental?: unknown;
}): Concealed {
  return { apiKey: well.apiKey, server: well.rental ? well.row.model_url : null };
}

/**
 * The provider's reason for a failure, in one line, with the well's key scrubbed out. For a rented
 * well, a failure that is not the provider's answer (a connection refused, a name not found, an
 * address not allowed) names its server, so it is said without detail; and the server's name is
 * scrubbed out of any other reason.
 */
export function providerReason(
  error: unknown,
  concealed: Concealed,
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
  } else if (APICallError.isInstance(error) && (error.statusCode || concealed.server === null)) {
    reason = `${error.statusCode ? `HTTP ${error.statusCode}: ` : ''}${error.message}`;
  } else if (concealed.server !== null) {
    reason = RENTED_WELL_UNREACHABLE;
  } else if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    reason = `${error.message}${cause}`;
  } else {
    reason = String(error);
  }
  // Cut before scrubbing (scrubbing a huge page costs), with room so a key run at the edge is seen.
  let shown = scrubSecret(reason.slice(0, MAX_REASON * 4), concealed.apiKey);
  for (const name of serverNames(concealed.server)) shown = shown.split(name).join('[server]');
  return { reason: shown.slice(0, MAX_REASON), timedOut };
}

/** How a reason may name a server: its address, its origin, its host with and without the port. */
function serverNames(server: string | null): string[] {
  if (server === null) return [];
  const names = [server];
  try {
    const url = new URL(server);
    names.push(url.origin, url.host, url.hostname);
  } catch {
    // Not a URL: the address as stored is all there is to scrub.
  }
  // Longest first, so the address goes whole rather than leaving its path behind its host.
  return [...new Set(names)].filter((name) => name.length > 0).sort((a, b) => b.length - a.length);
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError') return true;
  return error.cause instanceof Error && error.cause.name === 'TimeoutError';
}
