import {
  type EntriesPage,
  type EntriesQuery,
  type EntryFile,
  type HeadChanged,
  MAX_ENTRIES_PAGE,
  type PageEntry,
} from '@caravanserai/api';
import { filesOf } from '@caravanserai/logbook';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import type { Executor, UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { fieldError, NotFound } from '../../errors.js';
import type { FilesService } from '../files/files.service.js';
import type { BranchesRepository, TreeRow } from './branches.repository.js';
import { toEntry } from './entry-codec.js';
import type { LogCache } from './log-cache.js';
import type { LogbooksRepository, LogbookWithOwner } from './logbooks.repository.js';

type PageInput = z.output<typeof EntriesQuery>;
type Place = NonNullable<Awaited<ReturnType<BranchesRepository['placeAt']>>>;

/**
 * A logbook as a tree (DESIGN 3a): its active path read a page at a time from the head upwards,
 * and the choice of branch (the head).
 */
export class BranchesService {
  constructor(
    private readonly db: Db,
    private readonly access: Access,
    private readonly logbooks: LogbooksRepository,
    private readonly branches: BranchesRepository,
    private readonly cache: LogCache,
    private readonly files: FilesService,
  ) {}

  async page(viewer: UserRow | null, logid: string, input: PageInput): Promise<EntriesPage> {
    await this.access.readableLogbook(viewer, logid);
    // The logbook's row and its entries from one snapshot: the page matches the version sent.
    return this.db.snapshot(async (trx) => {
      const logbook = await this.logbooks.find(logid, trx);
      if (!logbook) throw NotFound('Logbook not found.');
      const head = await this.headPlace(logbook, trx);
      const before =
        input.before === undefined ? undefined : await this.place(logid, input.before, 'before', trx);
      if (input.all === '1') {
        // The whole document has no path to choose: `under` and `at` do not apply.
        const position = before?.position ?? logbook.entry_count;
        const rows = await this.branches.documentBefore(logid, position, input.limit, trx);
        return {
          version: logbook.version,
          head: head?.eid ?? null,
          total: logbook.entry_count,
          entries: await this.withSiblings(logid, rows, trx),
          more: rows[0] !== undefined && rows[0].position > 0,
        };
      }
      const { leaf, reach } = await this.choosePath(logid, head, input, trx);
      // The page ends at the path's end, or at the parent of the entry it comes before.
      const last = before === undefined ? leaf?.position : before.parent_position;
      // Reaching back to the entry asked for (`at`) takes a longer page, up to the most one gives.
      const limit =
        reach === undefined || before !== undefined || leaf === undefined
          ? input.limit
          : Math.min(MAX_ENTRIES_PAGE, Math.max(input.limit, leaf.depth - reach.depth + 1));
      const rows =
        last === undefined || last === null ? [] : await this.branches.pathEndingAt(logid, last, limit, trx);
      const chosen = input.under !== undefined || input.at !== undefined;
      return {
        version: logbook.version,
        head: leaf?.eid ?? null,
        total: leaf === undefined ? 0 : leaf.depth + 1,
        entries: await this.withSiblings(logid, rows, trx),
        more: rows[0] !== undefined && rows[0].parent_position !== null,
        ...(chosen && { active: leaf?.eid === head?.eid }),
      };
    });
  }

  /**
   * The end of the path a page reads: the head's, or the branch `under` or `at` chooses; with
   * `at`, also the entry the page reaches back to.
   */
  private async choosePath(logid: string, head: Place | undefined, input: PageInput, trx: Executor) {
    if (input.under !== undefined)
      return { leaf: await this.newestPlaceUnder(logid, input.under, 'under', trx) };
    if (input.at === undefined) return { leaf: head };
    const reach = await this.branches.placeAt(logid, input.at, trx);
    if (!reach) throw fieldError('at', 'No entry of this logbook is at this index.');
    const onHeadPath =
      head !== undefined && (await this.branches.isOnPathTo(logid, head.position, reach, trx));
    const leaf = onHeadPath ? head : await this.newestPlaceUnder(logid, reach.eid, 'at', trx);
    return { leaf, reach };
  }

  /** Selects the branch of `eid`: the head becomes the newest entry under it (itself, if none). */
  async setHead(user: UserRow, logid: string, eid: string): Promise<HeadChanged> {
    const logbook = await this.access.writableLogbook(user, logid);
    const changed = await this.db.kysely.transaction().execute(async (trx) => {
      const moved = await this.logbooks.moveHead(
        logid,
        async () => (await this.newestPlaceUnder(logid, eid, 'eid', trx)).eid,
        trx,
      );
      if (moved === undefined) throw NotFound('Logbook not found.');
      return moved;
    });
    // The log itself is unchanged: what is cached for the old version serves the new one.
    const log = this.cache.get(logid, logbook.version);
    if (log !== undefined && changed.version === logbook.version + 1)
      this.cache.set(logid, changed.version, log);
    return changed;
  }

  /** The active leaf's place: the head, or the last entry for a logbook whose head is not stored. */
  private async headPlace(logbook: LogbookWithOwner, trx: Executor) {
    const stored =
      logbook.head === null ? undefined : await this.branches.placeOf(logbook.logid, logbook.head, trx);
    return stored ?? (await this.branches.placeAt(logbook.logid, logbook.entry_count - 1, trx));
  }

  /** Where the newest entry under `eid` (itself, if none) sits: the head its branch would have. */
  private async newestPlaceUnder(logid: string, eid: string, field: string, trx: Executor) {
    const chosen = await this.place(logid, eid, field, trx);
    const newest = await this.branches.newestUnder(logid, chosen.position, trx);
    return (await this.branches.placeAt(logid, newest, trx)) ?? chosen;
  }

  private async place(logid: string, eid: string, field: string, trx: Executor) {
    const place = await this.branches.placeOf(logid, eid, trx);
    if (!place) throw fieldError(field, 'No entry of this logbook has this eid.');
    return place;
  }

  private async withSiblings(logid: string, rows: readonly TreeRow[], trx: Executor): Promise<PageEntry[]> {
    const parents = [...new Set(rows.map((row) => row.parent_position))];
    const byParent = new Map<number | null, string[]>();
    for (const child of await this.branches.children(logid, parents, trx)) {
      const siblings = byParent.get(child.parent_position) ?? [];
      siblings.push(child.eid);
      byParent.set(child.parent_position, siblings);
    }
    const parentEids = await this.branches.eidsAt(
      logid,
      parents.filter((p): p is number => p !== null),
      trx,
    );
    const entries = rows.map((row) => toEntry(row));
    const files = await this.files.namedBy(logid, [...new Set(entries.flatMap(filesOf))], trx);
    return rows.map((row, i) => {
      const entry = entries[i]!;
      return {
        index: row.position,
        eid: row.eid,
        parent: row.parent_position === null ? null : (parentEids.get(row.parent_position) ?? null),
        tag: entry.tag,
        attrs: entry.attrs,
        content: entry.content,
        siblings: byParent.get(row.parent_position) ?? [row.eid],
        files: filesOf(entry).flatMap((id): EntryFile[] => files.get(id) ?? []),
      };
    });
  }
}
