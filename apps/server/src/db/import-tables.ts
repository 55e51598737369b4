import type { ColumnType } from 'kysely';

// The tables of import jobs (DESIGN 8, and 9 "Jobs"), in the shape `Database` (database.ts) holds them.

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * An import of an export file (or a restore of a backup): a job in the queue every server process
 * takes from, its progress, and how it ended. Any process can report on it.
 */
export interface ImportJobsTable {
  job_id: string;
  user_id: number;
  status: 'running' | 'done' | 'failed';
  format: string | null;
  total: number;
  done: number;
  duplicates: number;
  updated: number;
  /** Rows of import_job_items of each kind (kept below a bound). */
  imported_count: number;
  skipped_count: number;
  detail: string | null;
  created_at: number;
  /**
   * Moved forward while the job is worked on or waits in the queue. Only a job without an
   * `upload_size` (its upload still being stored, or run by an older release in its own process)
   * is judged by it: one whose heartbeat stops was abandoned.
   */
  heartbeat_at: number;
  finished_at: number | null;
  /** The name the file was uploaded under. */
  upload_name: Nullable<string>;
  /** The upload's size in bytes, set once all its chunks are stored: from then on any process may run it. */
  upload_size: Nullable<number>;
  /** The journal the user chose, or null for new journals named after the source. */
  journal: Nullable<string>;
  /** 1 for a restore: only our backup, and the account's settings given back at the end. */
  restore: Defaulted<number>;
  /** JSON {key: jid} of the journals the job made, so a run taken over files beside them. */
  made_journals: Nullable<string>;
  /** The process running it, while it holds the lease. */
  claimed_by: Nullable<string>;
  /** Epoch ms the lease runs to; renewed while the job runs, and taken over once it has run out. */
  lease_until: Nullable<number>;
  /** How many times a process has taken the job. */
  attempts: Defaulted<number>;
}

/** What one conversation of an import became: a new logbook, or skipped and why. */
export interface ImportJobItemsTable {
  job_id: string;
  seq: number;
  kind: 'imported' | 'skipped';
  source_id: string;
  title: string;
  logid: string | null;
  reason: string | null;
}

/** A job's upload, about a megabyte a row, in order; deleted when the job ends. */
export interface ImportUploadsTable {
  job_id: string;
  seq: number;
  bytes: Uint8Array;
}

/**
 * A logbook the job created (`imported`) or grew (`updated`) for the conversation at `item` (its
 * place in the file), written with the logbook: a run taken over finds it and counts it the same.
 */
export interface ImportMarksTable {
  job_id: string;
  item: number;
  logid: string;
  kind: 'imported' | 'updated';
}
