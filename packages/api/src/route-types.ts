import type { z } from 'zod';
import type { RawAnswer, RawBody, RouteSpec } from './route.js';

/** Options of any call: an abort signal, extra headers, and the payment writes' idempotency key. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sent as `Idempotency-Key`: the same key on a retry, so a purchase is never made twice. */
  idempotencyKey?: string;
}

/** The names of a path's parameters: `/a/:x/b/:y/` gives `'x' | 'y'`. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : never;

/** One string per path parameter, in the path's order. */
export type PathArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...PathArgs<`/${Rest}`>]
  : [];

type BodyValue<B> = B extends RawBody ? FormData | Blob : B extends z.ZodType ? z.input<B> : never;

/** What a call sends, by name: the route's params, query and body, plus options. */
export type CallInput<R extends RouteSpec> = ([PathParamName<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamName<R['path']>, string> }) &
  (R extends { body: infer B } ? { body: BodyValue<B> } : { body?: undefined }) &
  (R extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : { query?: undefined }) &
  CallOptions;

type BodyArg<R> = R extends { body: infer B } ? [body: BodyValue<B>] : [];
type QueryArg<R> = R extends { query: infer Q extends z.ZodType }
  ? object extends z.input<Q>
    ? [query?: z.input<Q>]
    : [query: z.input<Q>]
  : [];

/** What a named call takes, in order: each path parameter, the body, the query, then options. */
export type CallArgs<R extends RouteSpec> = [
  ...PathArgs<R['path']>,
  ...BodyArg<R>,
  ...QueryArg<R>,
  options?: CallOptions,
];

type AnswerValue<A> = A extends null
  ? undefined
  : A extends RawAnswer<'file'>
    ? Blob
    : A extends RawAnswer<'text'>
      ? string
      : A extends RawAnswer<'stream'>
        ? Response
        : A extends z.ZodType
          ? z.output<A>
          : never;

/** What a call resolves to: the parsed JSON answer, a file's Blob, text, or nothing (204). */
export type CallResult<R extends RouteSpec> = AnswerValue<R['response'][keyof R['response']]>;

/** A table of routes as named calls. */
export type Calls<T extends Readonly<Record<string, RouteSpec>>> = {
  readonly [K in keyof T]: (...args: CallArgs<T[K]>) => Promise<CallResult<T[K]>>;
};
