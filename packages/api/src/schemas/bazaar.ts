import { z } from 'zod';
import { EntryFile } from './branches.js';
import { Flag, Id, IsoDate, Owner, WholeNumber } from './common.js';
import { TagName } from './logbooks.js';
import { Line, Text } from './text.js';

/** The Bazaar (DESIGN 10): logbooks published as frozen, versioned copies, found, starred and forked. */

export const LICENCES = ['CC-BY-4.0', 'CC0-1.0', 'all-rights-reserved'] as const;
export type Licence = (typeof LICENCES)[number];

/** What each licence is called on a listing. */
export const LICENCE_NAMES: Record<Licence, string> = {
  'CC-BY-4.0': 'CC BY 4.0 (credit the author)',
  'CC0-1.0': 'CC0 1.0 (public domain)',
  'all-rights-reserved': 'All rights reserved',
};

/** The tags a copy carries unless the author chooses: comments and shell output stay home. */
export const DEFAULT_PUBLISHED_TAGS = ['query', 'gen', 'code', 'context'] as const;

export const MAX_TOPICS = 8;
export const MAX_SUMMARY = 2000;

/** A topic: a lowercase word of letters, digits and dashes, so topic links read the same everywhere. */
export const Topic = Line()
  .transform((value) => value.toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'This field may not be blank.')
      .max(32, 'Ensure each topic has no more than 32 characters.')
      .regex(
        /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}-]*$/u,
        'A topic is one word: letters, digits and dashes.',
      ),
  );

const Topics = z
  .array(Topic, { error: 'Expected a list of topics.' })
  .max(MAX_TOPICS, `Ensure this field has no more than ${MAX_TOPICS} topics.`)
  .transform((topics) => [...new Set(topics)]);

const Summary = Text().max(MAX_SUMMARY, `Ensure this field has no more than ${MAX_SUMMARY} characters.`);

const Include = z
  .array(TagName, { error: 'Expected a list of tags.' })
  .min(1, 'Choose at least one tag to publish.')
  .transform((tags) => [...new Set(tags)]);

const LicenceField = z.enum(LICENCES, {
  error: () => `Choose a licence: ${LICENCES.join(', ')}.`,
});

/** What a version is made of: the author's choices besides the logbook. */
const CopyChoices = z.object({
  summary: Summary.default(''),
  topics: Topics.default([]),
  include: Include.default([...DEFAULT_PUBLISHED_TAGS]),
  licence: LicenceField,
  /** Published anyway although the preview warned (API keys, e-mail addresses, phone numbers). */
  confirm: Flag.optional(),
});

/** `POST /bazaar/preview/` and `POST /bazaar/listings/`. */
export const ListingPublish = CopyChoices.extend({
  logid: Id,
  /** Seen by this caravan's members only; left out or null for everyone. */
  caravan: Id.nullable().optional(),
});
export type ListingPublish = z.input<typeof ListingPublish>;

/** `POST /bazaar/listings/{listing_id}/versions/`: the choices of the newest version unless given. */
export const VersionPublish = z.object({
  summary: Summary.optional(),
  topics: Topics.optional(),
  include: Include.optional(),
  licence: LicenceField.optional(),
  confirm: Flag.optional(),
});
export type VersionPublish = z.input<typeof VersionPublish>;

export const WARNING_KINDS = ['api_key', 'email', 'phone'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

/** Something in the copy that looks private. */
export const PublishWarning = z.object({
  kind: z.enum(WARNING_KINDS),
  /** The entry of the copy it is in (its index in the copy's log). */
  index: z.number().int(),
  /** What was found, partly masked so the warning itself does not spread a secret. */
  excerpt: z.string(),
  message: z.string(),
});
export type PublishWarning = z.infer<typeof PublishWarning>;

/** The exact copy a publish would make, and what in it looks private. */
export const ListingPreview = z.object({
  title: z.string(),
  /** The copy's XML: the active path with the chosen tags. */
  log: z.string(),
  entry_count: z.number().int(),
  /** sha256 of `log`: the version's address. */
  sha256: z.string(),
  /** The files the copy's entries carry: the author's own (anyone else's are left out of it). */
  files: z.array(EntryFile),
  warnings: z.array(PublishWarning),
});
export type ListingPreview = z.infer<typeof ListingPreview>;

export const Published = z.object({
  listing_id: Id,
  slug: z.string(),
  version: z.number().int(),
  /** The listing's page. */
  url: z.string(),
});
export type Published = z.infer<typeof Published>;

/** A listing named by another: its lineage. */
export const ListingRef = z.object({
  listing_id: Id,
  slug: z.string(),
  title: z.string(),
  author: Owner,
});
export type ListingRef = z.infer<typeof ListingRef>;

/** A listing in the gallery. */
export const ListingCard = z.object({
  listing_id: Id,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  topics: z.array(z.string()),
  licence: z.enum(LICENCES),
  author: Owner,
  /** The caravan whose members alone see it; null when everyone does. */
  caravan: z.object({ caravan_id: Id, name: z.string() }).nullable(),
  /** The newest version's number. */
  version: z.number().int(),
  forks: z.number().int(),
  stars: z.number().int(),
  published: IsoDate,
  updated: IsoDate,
});
export type ListingCard = z.infer<typeof ListingCard>;

export const ListingVersionInfo = z.object({
  version: z.number().int(),
  sha256: z.string(),
  entry_count: z.number().int(),
  published: IsoDate,
});
export type ListingVersionInfo = z.infer<typeof ListingVersionInfo>;

/** A listing's page: the card, one version's copy, every version, its lineage and the viewer's star. */
export const Listing = ListingCard.extend({
  /** The version shown (the newest unless one was asked for). */
  shown: ListingVersionInfo,
  versions: z.array(ListingVersionInfo),
  /** The shown version's copy (XML). */
  log: z.string(),
  /** The files the shown version's entries carry, readable by whoever may see the listing. */
  files: z.array(EntryFile),
  /** The listing this one's logbook was forked from; null for an original. */
  parent: ListingRef.nullable(),
  /** Whether the signed-in viewer starred it (false when signed out). */
  starred: z.boolean(),
  /** Whether the viewer is its author (who may publish versions and withdraw it). */
  mine: z.boolean(),
  /**
   * For its author only (null for anyone else): what a next version is copied from, so it can be
   * previewed with `POST /bazaar/preview/` first. `logid` is null once that logbook is deleted.
   */
  source: z.object({ logid: Id.nullable(), include: z.array(TagName) }).nullable(),
});
export type Listing = z.infer<typeof Listing>;

/** The body of 410 for a withdrawn or removed listing: what it was, no more. */
export const Tombstone = z.object({
  detail: z.string(),
  code: z.literal('gone'),
  tombstone: z.object({ title: z.string(), author: Owner, date: IsoDate }),
});
export type Tombstone = z.infer<typeof Tombstone>;

export const GALLERY_SORTS = ['new', 'forks', 'stars'] as const;

const paging = {
  limit: WholeNumber(1, 100).default(24),
  offset: WholeNumber(0, 10_000).default(0),
};

export const GalleryQuery = z.object({
  q: Line().max(200, 'Ensure this field has no more than 200 characters.').optional(),
  topic: Line().max(32, 'Ensure this field has no more than 32 characters.').optional(),
  author: Line().max(150, 'Ensure this field has no more than 150 characters.').optional(),
  sort: z.enum(GALLERY_SORTS, { error: () => `Choose a sort: ${GALLERY_SORTS.join(', ')}.` }).default('new'),
  ...paging,
});
export type GalleryQuery = z.input<typeof GalleryQuery>;

/**
 * Newest first unless sorted by forks or stars. `count` is the number of listings found up to
 * 1,000 (1,000 means "1,000 or more"); with words, only the newest 1,000 matches are sorted and
 * paged through.
 */
export const Gallery = z.object({ count: z.number().int(), results: z.array(ListingCard) });
export type Gallery = z.infer<typeof Gallery>;

export const ForkListing = z.object({
  /** The version to fork; the newest when left out. */
  version: WholeNumber(1, 1_000_000).optional(),
  /** The forker's journal to put the logbook in; none when left out. */
  journal: Id.nullable().optional(),
});
export type ForkListing = z.input<typeof ForkListing>;

export const StarState = z.object({ stars: z.number().int(), starred: z.boolean() });
export type StarState = z.infer<typeof StarState>;

export const ReportCreate = z.object({
  reason: Text()
    .max(2000, 'Ensure this field has no more than 2000 characters.')
    .refine((value) => value.trim().length > 0, 'Say what is wrong with this listing.'),
});
export type ReportCreate = z.input<typeof ReportCreate>;

export const Report = z.object({
  report_id: Id,
  listing: ListingRef.extend({ hidden: z.boolean(), withdrawn: z.boolean() }),
  reporter: Owner,
  reason: z.string(),
  created: IsoDate,
});
export type Report = z.infer<typeof Report>;

/** An administrator hides a listing (410 'Removed by the moderators.') or shows it again. */
export const ListingModeration = z.object({ hidden: Flag });
export type ListingModeration = z.input<typeof ListingModeration>;

export const ListingSlug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/, 'Not a valid listing.');

export const VersionNumber = WholeNumber(1, 1_000_000);
