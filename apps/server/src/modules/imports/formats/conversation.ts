import type { BackupAccount, ImportFormat, ModelSettings } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import { MAX_CONVERSATION_CHARS } from '../conversation-check.js';

/**
 * What every format reader yields: one conversation at a time, already turned into logbook entries
 * along its active branch, so the import job never holds more than one conversation in memory.
 *
 * Entry mapping (DESIGN.md 8): user turn -> `query` {qid}; assistant text -> `gen` with the same
 * qid; system prompt and custom instructions -> `context`; tool calls and code -> `code`; tool
 * output -> `shell`; reasoning -> `comment`; an image or file the export does not hold -> a
 * `comment` saying so, in place. Attributes kept when the source has them: `created` (ISO 8601
 * time of the turn), `model` (as the source names it), and `source_msg` (the source's message id,
 * which re-import uses to find the turns already imported).
 */
export interface SourceConversation {
  /** `<source>:<id>`, e.g. `chatgpt:67a1...`: how a re-import finds the logbook it made before. */
  source_id: string;
  /** Never blank: a conversation without a title gets one from its first question or its date. */
  title: string;
  /** ISO 8601, when the source has it: when the conversation began. */
  created_at?: string;
  /** ISO 8601, when the source has it: when the conversation last changed. */
  modified_at?: string;
  /**
   * Never empty for a chat export (an empty conversation comes as `skipped`); our own formats
   * yield an empty logbook too, with no entries, so a restore recreates it.
   */
  entries: Entry[];
  /**
   * The eid of the entry the conversation was left at (DESIGN 3a: the logbook's head), when the
   * source says; otherwise, or when no entry has it, the last entry.
   */
  head?: string;
  /** Only for our own formats (XML, JSON, backup): the logbook's flags and description. */
  logbook?: {
    description?: string;
    private?: boolean;
    salted?: boolean;
    forked?: boolean;
    memory?: boolean;
    settings?: ModelSettings | undefined;
  };
  /** Only for our backup: the journal the logbook was in, so a restore rebuilds the journals. */
  journal?: { source_jid: string; title: string; instructions?: string };
  /**
   * Files the export carries for its entries (DESIGN 3a): an entry's `files` attribute names them
   * by `ref`; each is stored for the importing user when its entries are written, and the entries
   * then name the stored file instead.
   */
  files?: SourceFile[];
}

/** A file an export carries, read when its entries are written. */
export interface SourceFile {
  /** How the conversation's entries name it (in their `files` attribute). */
  ref: string;
  name: string;
  /** Its bytes; past `maxBytes` reading stops and it throws. */
  read(maxBytes: number): Promise<Uint8Array>;
}

/** A conversation that could not be read: the rest of the file goes on. */
export interface SkippedSource {
  source_id: string;
  title: string;
  reason: string;
}

export type ReadItem = { conversation: SourceConversation } | { skipped: SkippedSource };

export interface ExportReader {
  format: ImportFormat;
  /** Conversations one by one, in file order; a broken one comes as `skipped`. */
  items(): AsyncIterable<ReadItem>;
  /** Closes the file (the zip) early; safe to call more than once. */
  close(): Promise<void>;
  /** Only for our backup: the owner's settings its manifest carries, once its items were read. */
  account?(): BackupAccount | undefined;
}

/**
 * The most one conversation (or one logbook) may take in the file, counted on the bytes as they are
 * read (inflated, for a zip): past it the conversation is skipped with a reason, never held whole.
 * The same number as the most text an import stores of one conversation.
 */
export const MAX_CONVERSATION_BYTES = MAX_CONVERSATION_CHARS;

/** A size in whole megabytes, for reasons shown to the user. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/**
 * Reads a logbook's XML into its entries. The import passes one that parses on the worker threads,
 * so a large logbook never holds up other users' requests; the default parses in place.
 */
export type ParseLog = (xml: string) => Promise<Entry[]>;

/** The file is no known format: the message names what was expected (the route answers 400). */
export class UnknownFormatError extends Error {}

/**
 * The file is a list with nothing in it: whatever exported it, there is nothing to import (the
 * route answers 400, as for a file of no known format).
 */
export class NoConversationsError extends UnknownFormatError {
  constructor() {
    super('No conversations found in this file.');
  }
}
