import { z } from 'zod';
import { Eid, ParentEid } from './branches.js';
import { Id } from './common.js';
import { QueryFiles } from './files.js';
import { Text } from './text.js';

export const QID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A qid is 1 to 64 letters, digits, - or _.');

export const QuerySubmit = z.object({
  logid: Id,
  prompt: Text().trim().min(1, 'This field may not be blank.').max(1_000_000),
  shell_mode: z.literal('QUERY').optional(),
  /** The well to ask; the logbook's own well when left out. */
  wellid: Id.nullable().optional(),
  /** System context. Left out: the logbook's context entries. Empty or 'No Context': none. */
  context: Text().max(1_000_000).optional(),
  qid: QID.optional(),
  /** Send the stored conversation (context, queries, answers) instead of the context alone. */
  memory: z.boolean().optional(),
  /**
   * The entry the new query follows (DESIGN 3a): an edit of a question follows the edited one's
   * parent ('' when it had none), so the old question and its answers stay as a branch. Left out:
   * the active leaf. Ignored when `qid` names a stored query (a new answer to it).
   */
  parent: ParentEid.optional(),
  /** Files uploaded to this logbook that the question carries (DESIGN 3a); kept on its entry. */
  files: QueryFiles.optional(),
  /**
   * A stopped or cut answer's eid (DESIGN 12): the model is asked to go on from its text, and what
   * it writes joins that answer. Its question is asked as stored; `prompt` and `files` are ignored.
   */
  continues: Eid.optional(),
  /**
   * Compare (DESIGN 12): the question goes to 2 to 4 wells at once (the stream call only), each
   * answer stored beside the others under the question. `wellid` is then ignored.
   */
  wellids: z
    .array(Id)
    .min(2, 'Compare takes 2 to 4 wells.')
    .max(4, 'Compare takes 2 to 4 wells.')
    .refine((ids) => new Set(ids).size === ids.length, 'Name each well once.')
    .optional(),
});
export type QuerySubmit = z.input<typeof QuerySubmit>;

export const QueryCancel = z.object({ logid: Id, qid: QID });
export type QueryCancel = z.input<typeof QueryCancel>;

/** Which answer stream to resume (`GET /journals/query/stream/`): the logbook and the query. */
export const StreamResume = z.object({ logid: Id, qid: QID });
export type StreamResume = z.infer<typeof StreamResume>;

/** Whether a query was still in flight to be stopped. */
export const QueryCancelled = z.object({ cancelled: z.boolean() });
export type QueryCancelled = z.infer<typeof QueryCancelled>;

export const TokenUsage = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** The provider reported no counts (a stopped or cut answer, some servers): these are estimates. */
  estimated: z.boolean().optional(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

export const GenEntry = z.object({
  tag: z.literal('gen'),
  attrs: z.record(z.string(), z.string()),
  content: z.string(),
  index: z.number().int(),
});

/** A reasoning model's thinking, stored as a comment under its query (DESIGN 12). */
export const ReasoningEntry = z.object({
  tag: z.literal('comment'),
  attrs: z.record(z.string(), z.string()),
  content: z.string(),
  index: z.number().int(),
});

export const QueryResult = z.object({
  modified_status: z.literal(true),
  data: z.object({
    gen: z.string(),
    qid: z.string(),
    entry: GenEntry,
    /** The model's reasoning, stored just before the answer; absent when it showed none. */
    reasoning: ReasoningEntry.optional(),
    usage: TokenUsage,
    version: z.number().int(),
  }),
});
export type QueryResult = z.infer<typeof QueryResult>;

/** The error body of a failed query: the spec's message, and the provider's reason beside it. */
export const QueryFailure = z.object({
  detail: z.string(),
  reason: z.string().optional(),
  code: z.string().optional(),
});

export type QueryFailure = z.infer<typeof QueryFailure>;

export const UsageRow = z.object({
  queries: z.number().int(),
  /** Queries that ended without an answer (provider error, timeout, cancelled). */
  errors: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
});

/** `GET /usage/?days=`: the caller's own usage over the last days (30 unless told). */
export const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export type UsageQuery = z.input<typeof UsageQuery>;

export const UsageSummary = z.object({
  since: z.string(),
  totals: UsageRow,
  by_day: z.array(UsageRow.extend({ day: z.string() })),
  by_well: z.array(UsageRow.extend({ wellid: z.string().nullable(), title: z.string().nullable() })),
  by_model: z.array(UsageRow.extend({ provider: z.string(), model: z.string() })),
});
export type UsageSummary = z.infer<typeof UsageSummary>;
