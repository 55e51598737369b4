import { TAGS } from '@caravanserai/logbook';
import { z } from 'zod';
import { EntryFile } from './branches.js';
import { Counter, Flag, Id, IsoDate, Owner, RequiredTitle, Title } from './common.js';
import { ModelSettings, ModelSettingsWrite } from './model-settings.js';
import { Text } from './text.js';

export const LogbookSummary = z.object({
  logid: Id,
  jid: Id.nullable(),
  journal: Id.nullable(),
  logwell: Id.nullable(),
  title: z.string(),
  description: z.string(),
  private: z.boolean(),
  salted: z.boolean(),
  forked: z.boolean(),
  /** Queries send the stored conversation, not only the context (off for a new logbook). */
  memory: z.boolean(),
  owner: Owner,
  version: z.number().int(),
  entry_count: z.number().int(),
  created: IsoDate,
  modified: IsoDate,
});
export type LogbookSummary = z.infer<typeof LogbookSummary>;

/** What a logbook forked from the Bazaar remembers of where it came from (DESIGN 10). */
export const ForkedFrom = z.object({
  listing_id: Id,
  slug: z.string(),
  version: z.number().int(),
  author: Owner,
});
export type ForkedFrom = z.infer<typeof ForkedFrom>;

export const Logbook = LogbookSummary.extend({
  /** The serialised XML document of the entries (DESIGN 3). */
  log: z.string(),
  /** The attached well's title, so the page can say 'Using Well: {title}'; null when there is none. */
  well: z.object({ wellid: Id, title: z.string() }).nullable(),
  /** The eid of the active leaf (DESIGN 3a): the active path is it and its ancestors. */
  head: z.string().nullable(),
  /** The files its entries name (an entry's `files` attribute lists their ids). */
  files: z.array(EntryFile),
  /** How its queries ask the model (DESIGN 12). */
  settings: ModelSettings,
  /** The Bazaar listing it was forked from; null for any other logbook. */
  forked_from: ForkedFrom.nullable(),
});
export type Logbook = z.infer<typeof Logbook>;

/** A logbook without its entries: what a page needs around the entries it reads a page at a time. */
export const LogbookOverview = Logbook.omit({ log: true, files: true });
export type LogbookOverview = z.infer<typeof LogbookOverview>;

/** What the answers stored in a logbook took, on every branch, deleted and mirage ones included. */
export const LogbookTokens = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** Some of the counts are the server's estimates. */
  estimated: z.boolean(),
  /** How many answers carry counts. */
  answers: z.number().int(),
});
export type LogbookTokens = z.infer<typeof LogbookTokens>;

const Description = Text().max(10_000, 'Ensure this field has no more than 10000 characters.');
const Log = Text();
const Version = Counter.positive();

export const LogbookCreate = z.object({
  title: Title.optional(),
  description: Description.optional(),
  journal: Id.nullable().optional(),
  logwell: Id.nullable().optional(),
  log: Log.optional(),
  private: Flag.optional(),
  salted: Flag.optional(),
  forked: Flag.optional(),
  memory: Flag.optional(),
});
export type LogbookCreate = z.input<typeof LogbookCreate>;

/** The manage form and log writes: the create fields (less `forked`), a non-blank title, a version. */
export const LogbookUpdate = LogbookCreate.omit({ forked: true }).extend({
  title: RequiredTitle.optional(),
  /** The version the client last saw; a stale one gets 409 instead of overwriting newer entries. */
  version: Version.optional(),
  settings: ModelSettingsWrite.optional(),
});
export type LogbookUpdate = z.input<typeof LogbookUpdate>;

export const LogWrite = z.object({ log: Log, version: Version.optional() });
export type LogWrite = z.input<typeof LogWrite>;

/** A logbook's change marker: cheap to poll, so open pages notice other tabs' writes. */
export const LogbookVersion = z.object({
  logid: Id,
  version: z.number().int(),
  entry_count: z.number().int(),
  modified: IsoDate,
  /** Its title: a page learns that it was renamed (after its first answer, DESIGN 12) by this too. */
  title: z.string(),
  /** The active leaf (DESIGN 3a): a page learns that another chose a branch by this. */
  head: z.string().nullable().optional(),
});
export type LogbookVersion = z.infer<typeof LogbookVersion>;

export const Touched = z.object({ logid: Id, modified: IsoDate });
export type Touched = z.infer<typeof Touched>;

const tagList = TAGS.join(', ');
export const TagName = z.enum(TAGS, {
  error: (issue) =>
    issue.input === undefined
      ? 'This field is required.'
      : `'${String(issue.input)}' is not an approved tag. Approved tags: ${tagList}.`,
});

export const AttrMap = z.record(
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'Invalid attribute name.'),
  Text(),
);

export const TagSubmit = z.object({
  logid: Id,
  tag: TagName,
  content: Text().optional(),
  attrs: AttrMap.optional(),
  index: Counter.min(0, 'Invalid log index.').optional(),
  fresh_tag: TagName.optional(),
  version: Version.optional(),
});
export type TagSubmit = z.input<typeof TagSubmit>;

export const TagSubmitResult = z.object({
  modified_status: z.literal(true),
  index: z.number().int(),
  version: z.number().int(),
  qid: z.string().optional(),
  /** An appended entry's eid (DESIGN 3a). */
  eid: z.string().optional(),
  /** The eid of the entry an appended one follows in the tree; null for a first entry. */
  parent: z.string().nullable().optional(),
});
export type TagSubmitResult = z.infer<typeof TagSubmitResult>;
