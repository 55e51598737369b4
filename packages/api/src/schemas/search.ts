import { z } from 'zod';
import { Id, IsoDate, WholeNumber } from './common.js';
import { Line } from './text.js';

/** Search: finding entries by their words across one's logbooks. */

/** `GET /search/` query parameters, validated like every other input. */
export const SearchQuery = z.object({
  q: Line().max(500, 'Ensure this field has no more than 500 characters.'),
  /** One of the logbook's tags (context, comment, query, mirage, gen, code, shell, command). */
  tag: z.enum(['context', 'comment', 'query', 'mirage', 'gen', 'code', 'shell', 'command']).optional(),
  journal: Id.optional(),
  well: Id.optional(),
  limit: WholeNumber(1, 100).default(20),
  offset: WholeNumber(0, 10_000).default(0),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchResult = z.object({
  logid: Id,
  title: z.string(),
  /** The logbook's journal; null for a logbook in none (its journal was deleted, or a fork). */
  jid: Id.nullable(),
  /** The entry's index in its logbook's log. */
  index: z.number().int(),
  tag: z.string(),
  /** Entry text around the hit; the hit is wrapped in [[ and ]]. */
  snippet: z.string(),
  created_at: IsoDate,
});
export type SearchResult = z.infer<typeof SearchResult>;

/**
 * Ranked, best first. Only the newest 1,000 matching entries are ranked and paged through, so a
 * word found in most of a large archive answers as fast as a rare one: `count` is the number of
 * matches up to 1,000 (1,000 means "1,000 or more"), and an offset past it finds nothing.
 */
export const SearchResults = z.object({ count: z.number().int(), results: z.array(SearchResult) });
export type SearchResults = z.infer<typeof SearchResults>;

/** Marks around a hit in a snippet; clients render them as highlights. */
export const SNIPPET_OPEN = '[[';
export const SNIPPET_CLOSE = ']]';
