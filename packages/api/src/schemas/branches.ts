import { z } from 'zod';
import { Counter, WholeNumber } from './common.js';
import { MAX_INT32 } from './text.js';

/** The most entries one page gives. */
export const MAX_ENTRIES_PAGE = 1000;

/** An entry's id in its logbook (DESIGN 3a): 8 characters a-z or 0-9. */
export const Eid = z.string().regex(/^[a-z0-9]{8}$/, 'An eid is 8 characters from a-z and 0-9.');

/** The entry a new query follows: an eid, or '' for none (a new first question). */
export const ParentEid = z.union([Eid, z.literal('')]);

/** A file an entry names (DESIGN 3a). */
export const EntryFile = z.object({
  file_id: z.string(),
  name: z.string(),
  media_type: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type EntryFile = z.infer<typeof EntryFile>;

/** An entry of a page: where it sits in the tree, and the entries it could be switched for. */
export const PageEntry = z.object({
  /** Its document index, as every other call counts entries. */
  index: z.number().int(),
  eid: z.string(),
  /** The eid of the entry it follows; null for a root. */
  parent: z.string().nullable(),
  tag: z.string(),
  attrs: z.record(z.string(), z.string()),
  content: z.string(),
  /**
   * The eids of the entries that follow the same parent, itself included, oldest first; deleted
   * (blank) entries are left out.
   */
  siblings: z.array(z.string()),
  files: z.array(EntryFile),
});
export type PageEntry = z.infer<typeof PageEntry>;

export const EntriesQuery = z
  .object({
    /** The page ends just before this entry; left out, at the head (or the document's end). */
    before: Eid.optional(),
    limit: WholeNumber(1, MAX_ENTRIES_PAGE).default(100),
    /** `1`: pages through the whole document instead of the active path. */
    all: z.enum(['0', '1']).optional(),
    /**
     * The path through another branch: the page ends at the newest entry under this one, as the
     * head would after `PUT .../head/` with it, without moving the head (any reader may look).
     */
    under: Eid.optional(),
    /**
     * The path through the entry at this document index (a search hit's, which links name by
     * index): the head's when the entry is on it, otherwise its branch's, as with `under` and its
     * eid. Unless `before` is given, the page reaches back to that entry, holding more than `limit`
     * entries if need be, up to 1000; an entry further back is reached with `before`.
     */
    at: WholeNumber(0, MAX_INT32).optional(),
  })
  .superRefine((query, context) => {
    if (query.at !== undefined && query.under !== undefined)
      context.addIssue({ code: 'custom', path: ['at'], message: 'Give either at or under, not both.' });
  });
export type EntriesQuery = z.input<typeof EntriesQuery>;

export const EntriesPage = z.object({
  version: z.number().int(),
  /** The eid of the active leaf (with `under`, of the branch read); null when the logbook has no entries. */
  head: z.string().nullable(),
  /** Entries on the active path (with `all`, in the document). */
  total: z.number().int(),
  entries: z.array(PageEntry),
  /** Whether older entries come before the first of this page. */
  more: z.boolean(),
  /** Sent with `under` or `at` (and not `all`): whether the path read is the head's. */
  active: z.boolean().optional(),
});
export type EntriesPage = z.infer<typeof EntriesPage>;

export const HeadChange = z.object({ eid: Eid });
export type HeadChange = z.input<typeof HeadChange>;

export const HeadChanged = z.object({ head: z.string(), version: Counter });
export type HeadChanged = z.infer<typeof HeadChanged>;
