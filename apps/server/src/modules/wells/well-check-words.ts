import { NotAModelList, ProviderRefused } from '../../providers/model-list.js';
import { answerTooLarge } from '../../providers/response-limit.js';
import { providerReason } from '../queries/provider-error.js';

export interface Words {
  /** Who was asked, as a person would name it: 'OpenAI', 'The server at 127.0.0.1:11434'. */
  name: string;
  /** host[:port] of the address called. */
  host: string;
  timeoutMs: number;
}

/** What went wrong with a connection test, in words for the person filling in the well form. */
export function failureDetail(error: unknown, { name, host, timeoutMs }: Words): string {
  if (error instanceof ProviderRefused) return refusal(error, name);
  if (error instanceof NotAModelList) {
    return `${host} answered, but not with a list of models: check the Base URL.`;
  }
  if (answerTooLarge(error)) return `${name} answered with far too much: check the Base URL.`;
  if (causes(error).some((e) => e.name === 'TimeoutError')) {
    return `${name} did not answer within ${Number((timeoutMs / 1000).toFixed(3))} s.`;
  }
  return connectionFailure(error, name, host);
}

/** The provider's own reason, in one line, cut short, with any piece of the key scrubbed out. */
export function failureReason(error: unknown, apiKey: string, timeoutMs: number): string {
  // Only a well's owner checks it: nothing of where it is needs hiding from them.
  return providerReason(error, { apiKey, server: null }, timeoutMs).reason;
}

function refusal({ status, said }: ProviderRefused, name: string): string {
  // Gemini answers a wrong key with 400, so the provider's words count as much as the status.
  if (status === 401 || (status === 400 && /api[ _-]?key/i.test(said))) {
    return `${name} refused the API key (HTTP ${status}).`;
  }
  if (status === 403) return `${name} refused access with this API key (HTTP 403).`;
  if (status === 404 || status === 405) {
    return `${name} has no model list at this address (HTTP ${status}): check the Base URL.`;
  }
  if (status === 429) {
    return `${name} is limiting requests, or the account is out of quota (HTTP 429): try again later.`;
  }
  if (status >= 500) return `${name} had a problem of its own (HTTP ${status}): try again later.`;
  return `${name} refused the request (HTTP ${status}).`;
}

const TLS = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)|^EPROTO$/;

/** Node and undici put the system's error code a cause or two below "fetch failed". */
function connectionFailure(error: unknown, name: string, host: string): string {
  const chain = causes(error);
  const codes = chain.map((e) => (e as { code?: unknown }).code).filter((c) => typeof c === 'string');
  const has = (...wanted: string[]) => codes.some((code) => wanted.includes(code));
  if (has('EADDRBLOCKED') || chain.some((e) => e.message.includes('private or local address'))) {
    return `${host} is a private or local address. The server operator can allow it with WELL_ALLOWED_HOSTS.`;
  }
  if (has('ECONNREFUSED')) {
    return `Nothing answers at ${host}: check the address, and that the server is running.`;
  }
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME')) return `The host ${host} could not be found.`;
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT')) return `${host} did not take the connection in time.`;
  if (has('EHOSTUNREACH', 'ENETUNREACH')) return `${host} cannot be reached from this server.`;
  if (codes.some((code) => TLS.test(code))) {
    return `The secure connection to ${host} failed: check http or https, and the server's certificate.`;
  }
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET')) {
    return `${host} closed the connection: check the address (http or https?).`;
  }
  // fetch never calls the ports of other services (SMTP, IRC, ...): the Fetch standard's list.
  if (chain.some((e) => e.message === 'bad port')) {
    return `${host} uses a port that is kept for other services and cannot be called.`;
  }
  if (chain.some((e) => /redirect/i.test(e.message))) {
    return `${name} answered with a redirect, which wells do not follow: check the Base URL.`;
  }
  return `Could not reach ${host}.`;
}

/** The error and what caused it, including each error an AggregateError gathers. */
function causes(error: unknown): Error[] {
  const found: Error[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!(e instanceof Error) || depth > 5) return;
    found.push(e);
    if (e instanceof AggregateError) for (const inner of e.errors) visit(inner, depth + 1);
    visit(e.cause, depth + 1);
  };
  visit(error, 0);
  return found;
}
