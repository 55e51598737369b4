import { ApiError } from './errors.js';
import {
  type Answer,
  fillPath,
  isRawAnswer,
  isRawBody,
  pathParamNames,
  queryString,
  type RouteSpec,
  successStatuses,
} from './route.js';
import type { CallArgs, CallInput, CallOptions, CallResult, Calls } from './route-types.js';

export interface ClientOptions {
  /** Origin plus API prefix, e.g. http://127.0.0.1:8000/api */
  baseUrl: string;
  token?: string | null;
  /** Reads the token at each request instead (the browser keeps it in a cookie). */
  getToken?: () => string | null;
  fetch?: typeof fetch;
}

/**
 * Calls the routes of the contract (routes/*.ts) over HTTP: the URL, method and answer of each
 * call come from its route, never from a path written here. Non-2xx answers throw ApiError.
 */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly getToken: () => string | null;
  token: string | null;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token ?? null;
    this.getToken = options.getToken ?? (() => this.token);
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The URL of a route with its params and query filled in. */
  url<R extends RouteSpec>(route: R, input: CallInput<R>): string {
    const { params, query } = input as AnyInput;
    return `${this.baseUrl}${fillPath(route.path, params ?? {})}${queryString(query)}`;
  }

  /** Sends a request to the route and returns the raw Response (2xx only). */
  async send<R extends RouteSpec>(route: R, typed: CallInput<R>): Promise<Response> {
    const input = typed as AnyInput;
    const headers: Record<string, string> = { Accept: accepts(firstAnswer(route)), ...input.headers };
    const token = this.getToken();
    if (token) headers.Authorization = `Token ${token}`;
    if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;
    let body: FetchBody;
    // A form (an upload) sets its own multipart Content-Type and boundary.
    if (route.body && isRawBody(route.body)) body = input.body as FetchBody;
    else if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const response = await this.fetchImpl(this.url(route, typed), {
      method: route.method,
      headers,
      body,
      signal: input.signal,
    });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return response;
  }

  /** Calls the route and reads its answer as the route declares it. */
  async call<R extends RouteSpec>(route: R, input: CallInput<R>): Promise<CallResult<R>> {
    const response = await this.send(route, input);
    const answer = route.response[response.status] ?? firstAnswer(route);
    return (await readAnswer(answer, response)) as CallResult<R>;
  }

  /** A table of routes as named calls taking positional arguments (see `CallArgs`). */
  calls<T extends Readonly<Record<string, RouteSpec>>>(table: T): Calls<T> {
    const out: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const [name, route] of Object.entries(table)) {
      out[name] = (...args) => this.call(route, inputFromArgs(route, args as CallArgs<RouteSpec>));
    }
    return out as Calls<T>;
  }
}

type FetchBody = NonNullable<Parameters<typeof fetch>[1]>['body'];

/** A call's input as the code above reads it, whichever route it is for. */
type AnyInput = CallOptions & {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
};

/** Positional arguments to a call's input: path params in order, then body, query and options. */
export function inputFromArgs<R extends RouteSpec>(route: R, args: readonly unknown[]): CallInput<R> {
  const names = pathParamNames(route.path);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    params[name] = String(args[i]);
  });
  let next = names.length;
  const body = 'body' in route ? args[next++] : undefined;
  const query = 'query' in route ? (args[next++] as Record<string, unknown> | undefined) : undefined;
  const options = (args[next] ?? {}) as CallOptions;
  const input: AnyInput = { ...options, params: names.length ? params : undefined, body, query };
  return input as CallInput<R>;
}

function firstAnswer(route: RouteSpec): Answer {
  return route.response[successStatuses(route)[0]!] ?? null;
}

function accepts(answer: Answer): string {
  return isRawAnswer(answer) ? answer.contentType : 'application/json';
}

async function readAnswer(answer: Answer, response: Response): Promise<unknown> {
  if (answer === null) return undefined;
  if (!isRawAnswer(answer)) return answer.parse(await readBody(response));
  if (answer.kind === 'file') return response.blob();
  if (answer.kind === 'text') return response.text();
  return response;
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
