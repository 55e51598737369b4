import { z } from 'zod';
import { QueryFailure, QueryResult } from './queries.js';

/**
 * The Server-Sent Events of `POST /journals/query/stream/`, defined once for the server that
 * writes them and the clients that read them: `query` once the query entry is stored, `delta` for
 * each piece of text (`reasoning` for each piece of a model's thinking before it), then `done` with the stored answer (a stopped one too, marked as such),
 * `error` (the provider failed: nothing stored) or `cancelled` (stopped before any text).
 */
export const QueryStreamEvent = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('query'),
    // The query entry's document index and eid (DESIGN 3a); for a new query, the entry it follows
    // in the tree (null: none) and the logbook version its writing made.
    data: z.object({
      qid: z.string(),
      index: z.number().int(),
      eid: z.string(),
      parent: z.string().nullable().optional(),
      version: z.number().int().optional(),
    }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  // A piece of a reasoning model's thinking, before the answer's text (DESIGN 12).
  z.object({ event: z.literal('reasoning'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('done'), data: QueryResult.shape.data }),
  z.object({ event: z.literal('error'), data: QueryFailure }),
  z.object({ event: z.literal('cancelled'), data: z.object({ detail: z.string() }) }),
]);
export type QueryStreamEvent = z.infer<typeof QueryStreamEvent>;

/** One event as it goes on the wire. */
export function formatStreamEvent({ event, data }: QueryStreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
