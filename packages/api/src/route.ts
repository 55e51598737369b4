import type { z } from 'zod';
import type { PathParamName } from './route-types.js';
import type { ErrorCode } from './schemas/error-codes.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An answer that is not JSON: a file to save (`file`), text to read (`text`) or an event stream
 * (`stream`). The server sends it as it is; only JSON answers pass through a response schema.
 */
export interface RawAnswer<K extends 'file' | 'text' | 'stream' = 'file' | 'text' | 'stream'> {
  readonly kind: K;
  /** What the client asks for (`Accept`) and the server sends. */
  readonly contentType: string;
}

/** What one status of a route answers: a JSON schema, nothing (`null`, e.g. 204) or a raw body. */
export type Answer = z.ZodType | null | RawAnswer;

/** A body that is not JSON: a multipart upload, or the raw bytes a signature is checked over. */
export interface RawBody<K extends 'multipart' | 'bytes' = 'multipart' | 'bytes'> {
  readonly kind: K;
}

export interface RouteSpec {
  readonly method: Method;
  /** Fastify's syntax (`:logid`), byte for byte the specification's path, trailing slash included. */
  readonly path: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType | RawBody;
  /** Every success status and what it answers. */
  readonly response: { readonly [status: number]: Answer };
  /** Other forms of the success answer, chosen by the query's `format` (e.g. `csv`). */
  readonly formats?: { readonly [format: string]: RawAnswer };
  /** The error codes this route answers with (in the shared error body), besides ANY_ROUTE_ERRORS. */
  readonly errors: readonly ErrorCode[];
}

/**
 * What any route may answer, whatever it declares: a token sent that is not valid (checked on
 * every route), the body unreadable or too large, a fault.
 */
export const ANY_ROUTE_ERRORS: readonly ErrorCode[] = [
  'authentication_failed',
  'parse_error',
  'too_large',
  'unsupported_media_type',
  'server_error',
];

/** Declares one endpoint of the contract: the server registers it and the client calls it. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

export const file = (contentType: string): RawAnswer<'file'> => ({ kind: 'file', contentType });
export const text = (contentType: string): RawAnswer<'text'> => ({ kind: 'text', contentType });
export const eventStream: RawAnswer<'stream'> = { kind: 'stream', contentType: 'text/event-stream' };
export const multipartBody: RawBody<'multipart'> = { kind: 'multipart' };
export const bytesBody: RawBody<'bytes'> = { kind: 'bytes' };

export function isRawAnswer(answer: Answer | undefined): answer is RawAnswer {
  return typeof answer === 'object' && answer !== null && 'kind' in answer && 'contentType' in answer;
}

export function isRawBody(body: RouteSpec['body']): body is RawBody {
  return typeof body === 'object' && body !== null && 'kind' in body && !('parse' in body);
}

/** A route's success statuses, lowest first: the first is the one it answers unless told otherwise. */
export function successStatuses(route: RouteSpec): number[] {
  return Object.keys(route.response)
    .map(Number)
    .sort((a, b) => a - b);
}

/** The names of a path's parameters, in order: `/a/:x/b/:y/` gives `['x', 'y']`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParams<`/${Rest}`>]
  : [];

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1]!);
}

/** The path with each parameter filled in as one encoded segment, so no value can reach another path. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(PARAM, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

/** `?a=1&b=x` from the values given; absent, null and empty values are left out. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A query's values as `queryString` takes them. */
export type QueryValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The path's parameters by name, or nothing for a path without any. */
export type PathValues<P extends string> = [PathParamName<P>] extends [never]
  ? [params?: Readonly<Record<string, never>>, query?: QueryValues]
  : [params: Readonly<Record<PathParamName<P>, string>>, query?: QueryValues];

/**
 * A route's path (after the API prefix) with its params and query filled in as the client fills
 * them, for code that sends its own requests: `pathOf(routes.logbooks.get, { logid })`.
 */
export function pathOf<R extends RouteSpec>(route: R, ...[params, query]: PathValues<R['path']>): string {
  return `${fillPath(route.path, params ?? {})}${queryString(query)}`;
}
