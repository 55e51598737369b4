import {
  ANY_ROUTE_ERRORS,
  type Answer,
  isRawAnswer,
  isRawBody,
  type RawBody,
  type RouteSpec,
  successStatuses,
} from '@caravanserai/api';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's entry a route was registered from (see `addRoute`). */
    contractRoute?: RouteSpec;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a route's handler gets: params, query and body as the contract's schemas parsed them. */
export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: R extends { params: infer P } ? Out<P> : Record<string, never>;
  Querystring: R extends { query: infer Q } ? Out<Q> : Record<string, never>;
  Body: R extends { body: infer B } ? (B extends RawBody ? unknown : Out<B>) : undefined;
}>;

// biome-ignore lint/suspicious/noConfusingVoidType: a handler of an empty answer is `async () => { await ... }`, a Promise<void>.
type JsonAnswer<A> = A extends null ? void : A extends z.ZodType ? z.output<A> : never;

/**
 * What a handler returns: the route's JSON answer (sent through its response schema, so a field
 * the contract does not name is never sent), nothing for a `null` answer, or the reply it sent
 * itself (a file, a stream, another status).
 */
export type RouteAnswer<R extends RouteSpec> = JsonAnswer<R['response'][keyof R['response']]> | FastifyReply;

export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteAnswer<R>>;

/** What a module may add to a route: hooks (`signedIn`) and config (rate limits); never a schema. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers the handler for one route of the contract: its method and path, its params, query and
 * body schemas (validated before the handler runs) and the response schema of each JSON answer.
 * The answer's status is the route's first success status unless the handler sets another.
 */
export function addRoute<R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  extras: RouteExtras,
  handler: RouteHandler<R>,
): void {
  const status = successStatuses(route)[0] ?? 200;
  app.route({
    ...extras,
    config: { ...extras.config, contractRoute: route },
    method: route.method,
    url: route.path,
    schema: routeSchema(route),
    handler: async (request, reply) => {
      if (status !== 200) reply.code(status);
      return handler(request as RouteRequest<R>, reply);
    },
  });
}

/** The Fastify schema of a route: only JSON bodies and JSON answers have one. */
export function routeSchema(route: RouteSpec): FastifySchema {
  const schema: FastifySchema = {};
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body && !isRawBody(route.body)) schema.body = route.body;
  const response: Record<number, Answer> = {};
  for (const [code, answer] of Object.entries(route.response)) {
    if (answer !== null && !isRawAnswer(answer)) response[Number(code)] = answer;
  }
  if (Object.keys(response).length > 0) schema.response = response;
  return schema;
}

/**
 * Refuses, at start-up, any route of the scope that was not registered from the contract, so a
 * path can only ever be written in packages/api/src/routes.
 */
export function onlyContractRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    // Fastify adds a HEAD route for each GET itself.
    if (options.method === 'HEAD' || options.config?.contractRoute) return;
    throw new Error(
      `${String(options.method)} ${options.url} is not a route of the contract (packages/api/src/routes).`,
    );
  });
}

/** The log message of an error code a route does not declare; the API tests fail on it. */
export const UNDECLARED_ERROR = 'The answer has an error code its route does not declare.';

/**
 * Logs a warning when a route answers an error whose code its contract entry does not list, so a
 * client deciding by code (as every client should) is never surprised by one. The error handler
 * calls it for every error it answers, and every error body is written there.
 */
export function reportIfUndeclared(request: FastifyRequest, code: string): void {
  const route = request.routeOptions.config.contractRoute;
  if (!route || route.errors.includes(code as never) || ANY_ROUTE_ERRORS.includes(code as never)) return;
  request.log.warn({ route: `${route.method} ${route.path}`, code }, UNDECLARED_ERROR);
}
