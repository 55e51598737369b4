import { defineRoute, eventStream } from '../route.js';
import { QueryCancel, QueryCancelled, QueryResult, QuerySubmit, StreamResume } from '../schemas/queries.js';

const QUERY_ERRORS = [
  'not_authenticated',
  'invalid',
  'not_found',
  'permission_denied',
  'salted',
  'provider_error',
  'policy_model',
  'policy_personal_wells',
  'quota_exceeded',
  'conflict',
] as const;

export const queryRoutes = {
  /** Stops a query in flight: no answer is stored for it. */
  cancel: defineRoute({
    method: 'POST',
    path: '/journals/query/cancel/',
    body: QueryCancel,
    response: { 200: QueryCancelled },
    errors: ['not_authenticated', 'invalid', 'not_found', 'permission_denied'],
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/journals/query/submit/',
    body: QuerySubmit,
    response: { 200: QueryResult },
    errors: [...QUERY_ERRORS, 'cancelled'],
  }),
  /**
   * Server-Sent Events (schemas/query-stream.ts): `query`, `delta`s, then `done`, `error` or
   * `cancelled`. Refusals before the stream opens are plain JSON errors.
   */
  stream: defineRoute({
    method: 'POST',
    path: '/journals/query/stream/',
    body: QuerySubmit,
    response: { 200: eventStream },
    errors: QUERY_ERRORS,
  }),
  /**
   * The rest of a cut answer stream (DESIGN 9), from any server process: the events after the
   * one named in `Last-Event-ID` (all of them without it), then the rest as they come. Only the
   * user who asked; 404 when no answer of the query streamed in the last hour.
   */
  resume: defineRoute({
    method: 'GET',
    path: '/journals/query/stream/',
    query: StreamResume,
    response: { 200: eventStream },
    errors: ['not_authenticated', 'invalid', 'not_found'],
  }),
};
