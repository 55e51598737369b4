import { z } from 'zod';
import { QueryFailure, QueryResult } from './queries.js';

/** Which of a compare's answers an event is about; absent for a single answer. */
const Lane = z.number().int().min(0).max(3).optional();

/** One answer of a compare: the well asked and its model. */
export const CompareLane = z.object({
  lane: z.number().int(),
  wellid: z.string(),
  title: z.string(),
  model: z.string(),
});
export type CompareLane = z.infer<typeof CompareLane>;

/**
 * The Server-Sent Events of `POST /journals/query/stream/`, defined once for the server that
 * writes them and the clients that read them: `query` once the query entry is stored, `delta` for
 * each piece of text (`reasoning` for each piece of a model's thinking before it), then `done` with the stored answer (a stopped one too, marked as such),
 * `error` (the provider failed: nothing stored) or `cancelled` (stopped before any text).
 * A compare streams one such answer per lane, interleaved, each event naming its lane; the stream
 * ends when every lane has ended.
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
      /** A compare's answers, one lane each, in the order of `wellids`. */
      lanes: z.array(CompareLane).optional(),
    }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string(), lane: Lane }) }),
  // A piece of a reasoning model's thinking, before the answer's text (DESIGN 12).
  z.object({ event: z.literal('reasoning'), data: z.object({ text: z.string(), lane: Lane }) }),
  z.object({ event: z.literal('done'), data: QueryResult.shape.data.extend({ lane: Lane }) }),
  z.object({ event: z.literal('error'), data: QueryFailure.extend({ lane: Lane }) }),
  z.object({ event: z.literal('cancelled'), data: z.object({ detail: z.string(), lane: Lane }) }),
]);
export type QueryStreamEvent = z.infer<typeof QueryStreamEvent>;

/**
 * One event as it goes on the wire; `id` (DESIGN 9) is what a client reconnecting after a cut
 * names in `Last-Event-ID` to be sent the rest.
 */
export function formatStreamEvent({ event, data }: QueryStreamEvent, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
