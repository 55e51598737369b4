import type { TagSubmitResult } from '@caravanserai/api';
import { type Entry, findInvalidXmlChar, newQid, type Tag } from '@caravanserai/logbook';
import { type Access, refuseIfSalted } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { Conflict, fieldError, NotFound } from '../../errors.js';
import type { EntriesRepository } from './entries.repository.js';
import { toEntry } from './entry-codec.js';
import type { LogbooksRepository } from './logbooks.repository.js';

export interface TagInput {
  logid: string;
  tag: Tag;
  content?: string;
  attrs?: Record<string, string>;
  index?: number;
  fresh_tag?: Tag;
  version?: number;
}

/**
 * Changes to a logbook's entries. Appends are O(1) (one position claimed, one row inserted), a
 * re-tag touches one row, and every change bumps the logbook's version inside its transaction.
 */
export class EntriesService {
  constructor(
    private readonly db: Db,
    private readonly logbooks: LogbooksRepository,
    private readonly entries: EntriesRepository,
    private readonly access: Access,
  ) {}

  async submitTag(user: UserRow, input: TagInput): Promise<TagSubmitResult> {
    await this.access.unsaltedLogbook(user, input.logid);
    if (input.index === undefined) {
      if (input.content === undefined) throw fieldError('content', 'This field is required.');
      const attrs = { ...input.attrs };
      if (input.tag === 'query' && !attrs.qid) attrs.qid = newQid();
      const entry: Entry = { tag: input.tag, attrs, content: input.content };
      const { index, version } = await this.append(input.logid, [entry]);
      return { modified_status: true, index, version, ...(attrs.qid ? { qid: attrs.qid } : {}) };
    }
    checkText('content', input.content);
    checkAttrs(input.attrs);
    const index = input.index;
    const version = await this.db.kysely.transaction().execute(async (trx) => {
      const bumped = await this.bump(input.logid, { expectedVersion: input.version }, trx);
      if (index >= bumped.entry_count) throw fieldError('index', 'Invalid log index.');
      const current = await this.entries.at(input.logid, index, trx);
      if (!current) throw fieldError('index', 'Invalid log index.');
      if (current.tag !== input.tag) {
        throw Conflict(
          `Entry ${index} is a '${current.tag}' entry now, not '${input.tag}'. Reload the logbook.`,
        );
      }
      const old = toEntry(current);
      const changed: Entry = {
        tag: input.fresh_tag ?? input.tag,
        attrs: input.attrs ?? old.attrs,
        content: input.content ?? old.content,
      };
      await this.entries.replaceAt(input.logid, index, changed, trx);
      return bumped.version;
    });
    return { modified_status: true, index, version };
  }

  /**
   * Appends entries at the end; returns the index of the first and the new version. The caller
   * has checked the writer may change the logbook; the append itself still refuses a logbook
   * salted or deleted since. `alongside` runs in the same transaction (one commit, one disk sync).
   */
  async append(
    logid: string,
    entries: readonly Entry[],
    alongside?: (trx: Executor) => Promise<void>,
  ): Promise<{ index: number; version: number }> {
    for (const entry of entries) {
      checkText('content', entry.content);
      checkAttrs(entry.attrs);
    }
    const at = now();
    return this.db.kysely.transaction().execute(async (trx) => {
      const claimed = await this.logbooks.reservePositions(logid, entries.length, { at }, trx);
      if (!claimed) return this.refused(logid, trx);
      const index = claimed.entry_count - entries.length;
      await this.entries.insert(logid, entries, index, at, trx);
      await alongside?.(trx);
      return { index, version: claimed.version };
    });
  }

  /** Replaces every entry, inside the caller's transaction; returns the new version. */
  async replaceEntries(
    logid: string,
    entries: readonly Entry[],
    expectedVersion: number | undefined,
    trx: Executor,
  ): Promise<number> {
    const { version } = await this.bump(logid, { expectedVersion, entryCount: entries.length }, trx);
    await this.entries.deleteAll(logid, trx);
    await this.entries.insert(logid, entries, 0, now(), trx);
    return version;
  }

  private async bump(
    logid: string,
    change: { expectedVersion?: number; entryCount?: number },
    trx: Executor,
  ) {
    const bumped = await this.logbooks.bumpVersion(logid, now(), change, trx);
    return bumped ?? this.refused(logid, trx, change.expectedVersion);
  }

  /**
   * Why the SQL fence refused a write the access check had allowed: the logbook was deleted or
   * salted in between (told as the access check tells it), or, when a version was expected, it is
   * stale.
   */
  private async refused(logid: string, trx: Executor, expectedVersion?: number): Promise<never> {
    const row = await this.logbooks.find(logid, trx);
    if (!row) throw gone();
    refuseIfSalted(row);
    throw Conflict(
      `The logbook has changed since version ${expectedVersion} (it is now at version ${row.version}). Reload it and try again.`,
      'stale_version',
    );
  }
}

/** The logbook was deleted between the access check and the write. */
const gone = () => NotFound('Logbook not found.');

function checkText(field: string, text: string | undefined): void {
  if (text === undefined) return;
  const at = findInvalidXmlChar(text);
  if (at >= 0) {
    const code = text.codePointAt(at)?.toString(16).toUpperCase().padStart(4, '0');
    throw fieldError(field, `Character U+${code} at position ${at} cannot be stored in a logbook.`);
  }
}

function checkAttrs(attrs: Record<string, string> | undefined): void {
  for (const value of Object.values(attrs ?? {})) checkText('attrs', value);
}
