import type { ColumnType, Generated } from 'kysely';

// The Bazaar's tables (DESIGN 10), in the shape `Database` (database.ts) holds them.

export interface BazaarCopiesTable {
  sha256: string;
  log: string;
  entry_count: number;
}

export interface BazaarListingsTable {
  /** Order of first publication; the listing's row in `bazaar_search`. */
  seq: Generated<number>;
  listing_id: string;
  slug: string;
  author_id: number;
  /** The logbook it is published from; null once that logbook is deleted. */
  source_logid: string | null;
  /** The listing the source logbook was forked from. */
  parent_listing_id: string | null;
  caravan_id: string | null;
  title: string;
  summary: string;
  /** JSON array of topics, as shown. */
  topics: string;
  licence: string;
  /** JSON array of the tags the newest version carries. */
  include: string;
  latest_version: number;
  forks: ColumnType<number, number | undefined, number>;
  stars: ColumnType<number, number | undefined, number>;
  published_at: number;
  updated_at: number;
  withdrawn_at: ColumnType<number | null, number | null | undefined, number | null>;
  hidden_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface BazaarVersionsTable {
  listing_id: string;
  version: number;
  sha256: string;
  published_at: number;
}

/** A file a version's copy carries: one its author uploaded. */
export interface BazaarVersionFilesTable {
  listing_id: string;
  version: number;
  file_id: string;
}

export interface BazaarTopicsTable {
  topic: string;
  listing_id: string;
  seq: number;
}

export interface BazaarStarsTable {
  listing_id: string;
  user_id: number;
  created_at: number;
}

export interface BazaarReportsTable {
  report_id: string;
  listing_id: string;
  reporter_id: number;
  reason: string;
  created_at: number;
}
