import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidApiKey, invalidRequest, type StripeErrorBody, StripeFailure } from './errors';
import { API_VERSION } from './events';
import { FormError, type FormObject, parseForm } from './form';
import { BodyTooLarge, readBody, sendJson } from './http-io';
import { fingerprint, type IdempotencyKeys } from './idempotency';
import { stripeId } from './ids';
import { Params } from './params';
import type { Router } from './router';
import type { Store } from './store';
import type { RecordedRequest, RequestMatch } from './types';

export interface HandlerState {
  store: Store;
  router: Router;
  keys: IdempotencyKeys;
  secretKey: string;
  revealKeysInErrors: boolean;
  requests: RecordedRequest[];
  /** Failures to answer the next requests with, in order (see FakeStripe.failNext). */
  injected: { status: number; error: StripeErrorBody; only: RequestMatch }[];
}

/** One API request: authenticate, decode, replay or run the endpoint, answer in Stripe's shapes. */
export async function handleRequest(
  state: HandlerState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake-stripe');
  const method = req.method ?? 'GET';
  const requestId = stripeId('req', 14);
  const idempotencyKey = headerValue(req, 'idempotency-key');
  const headers: Record<string, string> = {
    'request-id': requestId,
    'stripe-version': headerValue(req, 'stripe-version') ?? API_VERSION,
  };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;

  let form: FormObject = {};
  const recorded: RecordedRequest = {
    method,
    path: url.pathname,
    params: form,
    idempotencyKey,
    status: 0,
    replayed: false,
  };
  state.requests.push(recorded);
  const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
    recorded.status = status;
    sendJson(res, status, body, { ...headers, ...extra });
  };
  const fail = (failure: StripeFailure) => answer(failure.status, { error: failure.error });

  try {
    const raw = method === 'POST' ? await readBody(req) : url.search.slice(1);
    form = parseForm(raw);
    recorded.params = form;
  } catch (error) {
    if (error instanceof BodyTooLarge) return fail(invalidRequest('Request body too large.'));
    if (error instanceof FormError) return fail(invalidRequest(error.message));
    throw error;
  }

  const apiKey = bearerKey(req);
  if (apiKey !== state.secretKey) return fail(invalidApiKey(shownKey(apiKey, state.revealKeysInErrors)));

  const at = state.injected.findIndex(
    ({ only }) =>
      (only.method === undefined || only.method === method) &&
      (only.path === undefined || only.path === url.pathname),
  );
  const [injected] = at < 0 ? [] : state.injected.splice(at, 1);
  if (injected) return answer(injected.status, { error: injected.error });

  const match = state.router.match(method, url.pathname);
  if (typeof match === 'string') {
    return answer(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    });
  }

  // Stripe honours idempotency keys on POST only.
  const keyed = method === 'POST' && idempotencyKey !== null;
  const print = fingerprint(method, url.pathname, form);
  if (keyed) {
    const saved = state.keys.lookup(apiKey, idempotencyKey, print);
    if (saved instanceof StripeFailure) return fail(saved);
    if (saved) {
      recorded.replayed = true;
      return answer(saved.status, saved.body, { 'idempotent-replayed': 'true' });
    }
  }

  let status = 200;
  let body: unknown;
  let keep = true;
  try {
    body = match.endpoint.handle({
      params: new Params(form),
      path: match.ids,
      store: state.store,
      request: { id: requestId, idempotency_key: idempotencyKey },
      url: url.pathname,
    });
  } catch (error) {
    if (!(error instanceof StripeFailure)) throw error;
    status = error.status;
    body = { error: error.error };
    // A request refused before it did anything is not kept: it may be retried with the same key.
    keep = error.executed;
  }
  if (keyed && keep) state.keys.save(apiKey, idempotencyKey, print, { status, body });
  answer(status, body);
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/** The key from `Authorization: Bearer sk_...` or HTTP Basic with the key as the user name. */
function bearerKey(req: IncomingMessage): string {
  const header = headerValue(req, 'authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').replace(/:.*$/, '');
  return '';
}

/** Stripe shows a wrong key masked but for its last four characters; tests may ask for all of it. */
function shownKey(key: string, reveal: boolean): string {
  if (reveal || key.length <= 8) return key;
  return `${key.slice(0, key.indexOf('_', 3) + 1)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}
