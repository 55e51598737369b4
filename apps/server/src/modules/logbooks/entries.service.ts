import type { TagSubmitResult } from '@caravanserai/api';
import { type Entry, findInvalidXmlChar, newestLeafUnder, newQid, type Tag } from '@caravanserai/logbook';
import { type Access, refuseIfSalted } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { Conflict, fieldError, NotFound } from '../../errors.js';
import type { EntriesRepository } from './entries.repository.js';
import { keepTreeAttrs, refuseTreeChange, withoutFilesIfDeleted } from './entry-changes.js';
import { toEntry } from './entry-codec.js';
import { namedEids, type PlacedEntry, placeEntries } from './entry-placement.js';
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
      const { index, version, entries, parent } = await this.append(input.logid, [entry]);
      const eid = entries[0]!.attrs.eid!;
      return {
        modified_status: true,
        index,
        version,
        ...(attrs.qid ? { qid: attrs.qid } : {}),
        eid,
        parent,
      };
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
      refuseTreeChange(old.attrs, input.attrs);
      const content = input.content ?? old.content;
      const changed: Entry = {
        tag: input.fresh_tag ?? input.tag,
        attrs: withoutFilesIfDeleted(
          input.attrs ? keepTreeAttrs(input.attrs, old.attrs) : old.attrs,
          content,
        ),
        content,
      };
      const dropped = await this.entries.replaceAt(input.logid, index, changed, old, trx);
      await this.entries.fileRefs.removeUnreferenced(dropped, trx);
      return bumped.version;
    });
    return { modified_status: true, index, version };
  }

  /**
   * Appends entries at the end; returns the index of the first and the new version. The caller
   * has checked the writer may change the logbook; the append itself still refuses a logbook
   * salted or deleted since. The last entry appended becomes the head.
   */
  async append(logid: string, entries: readonly Entry[], options: AppendOptions = {}): Promise<Appended> {
    const { alongside, field } = options;
    for (const entry of entries) {
      checkText('content', entry.content);
      checkAttrs(entry.attrs);
    }
    const at = now();
    return this.db.kysely.transaction().execute(async (trx) => {
      const claimed = await this.logbooks.reservePositions(logid, entries.length, { at }, trx);
      if (!claimed) return this.refused(logid, trx);
      const index = claimed.entry_count - entries.length;
      const follows = await this.followed(logid, claimed.head, options, trx);
      const placed = await this.placeAfter(logid, entries, index, follows, trx, field);
      await this.entries.insert(logid, placed, at, trx);
      await this.logbooks.update(logid, { head: placed.at(-1)?.eid ?? claimed.head }, trx);
      await alongside?.(trx);
      const parent = placed[0]?.parentEid ?? null;
      return { index, version: claimed.version, entries: placed.map((p) => p.entry), parent };
    });
  }

  /**
   * Writes an entry anew where it stands (an answer a continuation joins), with what `alongside`
   * writes in the same commit; refused when the entry there is no longer the one read.
   */
  async rewrite(
    logid: string,
    at: { position: number; eid: string },
    entry: Entry,
    alongside: (trx: Executor) => Promise<void>,
  ): Promise<{ version: number }> {
    checkText('content', entry.content);
    checkAttrs(entry.attrs);
    return this.db.kysely.transaction().execute(async (trx) => {
      const bumped = await this.bump(logid, {}, trx);
      const current = await this.entries.at(logid, at.position, trx);
      if (!current || current.eid !== at.eid)
        throw Conflict('The answer being continued has changed meanwhile. Reload the logbook.');
      const dropped = await this.entries.replaceAt(logid, at.position, entry, toEntry(current), trx);
      await this.entries.fileRefs.removeUnreferenced(dropped, trx);
      await alongside(trx);
      return { version: bumped.version };
    });
  }

  /**
   * The eid an append's first entry follows: `follows` while it is stored; for `within`, the
   * active leaf when it is that entry or under it (what was written after a question since it
   * was asked), else that entry (the reader chose another branch meanwhile); else the active leaf.
   */
  private async followed(
    logid: string,
    head: string | null,
    { follows, within }: AppendOptions,
    trx: Executor,
  ): Promise<string | null> {
    const target = follows ?? within;
    if (target === undefined) return head;
    const found = await this.entries.anchors(logid, head === null ? [target] : [target, head], trx);
    const chosen = found.get(target);
    // Gone since (a whole log written meanwhile): the active leaf, as for any append.
    if (chosen === undefined) return head;
    if (follows !== undefined) return follows;
    const leaf = head === null ? undefined : found.get(head);
    if (leaf === undefined || leaf.depth < chosen.depth) return target;
    const above = await this.entries.ancestorAt(logid, leaf.position, leaf.depth - chosen.depth, trx);
    return above === chosen.position ? leaf.eid : target;
  }

  /**
   * Places entries written after `firstPosition - 1` entries: the first follows `follows` (the
   * active leaf for an append; null: the entry before it in the document, as a further run of an
   * import), unless it names its parent.
   */
  async placeAfter(
    logid: string,
    entries: readonly Entry[],
    firstPosition: number,
    follows: string | null,
    trx: Executor,
    field?: string,
  ): Promise<PlacedEntry[]> {
    const named = namedEids(entries);
    const stored = await this.entries.anchors(logid, follows ? [...named, follows] : named, trx);
    const anchor =
      (follows ? stored.get(follows) : undefined) ??
      (await this.entries.anchorAt(logid, firstPosition - 1, trx));
    // The head is looked up with the named eids only to save a query: a batch may not take it as its own.
    if (follows && !named.includes(follows)) stored.delete(follows);
    return placeEntries(entries, { firstPosition, follows: anchor, stored, ...(field && { field }) });
  }

  /**
   * Replaces every entry, inside the caller's transaction; returns the new version. The head stays
   * on its branch: it becomes the newest leaf under the old head when the new log still holds it
   * (a log written back with entries added goes on to them), else the last entry.
   */
  async replaceEntries(
    logid: string,
    entries: readonly Entry[],
    expectedVersion: number | undefined,
    trx: Executor,
  ): Promise<number> {
    const bumped = await this.bump(logid, { expectedVersion, entryCount: entries.length }, trx);
    const placed = placeEntries(entries, { firstPosition: 0, field: 'log' });
    const named = await this.entries.deleteAll(logid, trx);
    await this.entries.insert(logid, placed, now(), trx, named);
    await this.entries.fileRefs.removeUnreferenced(named, trx);
    await this.logbooks.update(logid, { head: headAfterRewrite(placed, bumped.head) }, trx);
    return bumped.version;
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

export interface AppendOptions {
  /** Runs in the same transaction (one commit, one disk sync). */
  alongside?: ((trx: Executor) => Promise<void>) | undefined;
  /** The eid the first entry follows when it names no parent; left out, the active leaf. */
  follows?: string | undefined;
  /** Follow the active leaf only while it is this entry or under it, else this entry (an answer and its question). */
  within?: string | undefined;
  /** The field a refused eid or parent is reported under ('attrs' unless told). */
  field?: string | undefined;
}

export interface Appended {
  /** The document index of the first entry appended. */
  index: number;
  version: number;
  /** The entries as stored: with the eid each was given, and `parent` where it needs one. */
  entries: Entry[];
  /** The eid of the entry the first one follows in the tree; null for a root. */
  parent: string | null;
}

/** The head after a whole log is written: see replaceEntries. */
export function headAfterRewrite(placed: readonly PlacedEntry[], oldHead: string | null): string | null {
  if (placed.length === 0) return null;
  const old = oldHead === null ? -1 : placed.findIndex((p) => p.eid === oldHead);
  if (old < 0) return placed.at(-1)!.eid;
  const parents = Int32Array.from(placed, (p) => p.parentPosition ?? -1);
  return placed[newestLeafUnder({ parents, byEid: new Map() }, old)]!.eid;
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
