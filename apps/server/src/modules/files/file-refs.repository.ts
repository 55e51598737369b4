import type { Entry } from '@caravanserai/logbook';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** The ids an entry's `files` attribute names (DESIGN 3a: `files="id1 id2"`). */
export function fileIdsOf(entries: readonly { entry: Entry }[] | readonly Entry[]): string[] {
  const ids = new Set<string>();
  for (const item of entries) {
    const entry = 'entry' in item ? item.entry : item;
    const named = entry.attrs.files;
    if (named) for (const id of named.split(' ')) if (id !== '') ids.add(id);
  }
  return [...ids];
}

/**
 * Which logbooks name which files (`file_refs`), kept beside the entries by the code that writes
 * them. A logbook's entries can name only files its owner uploaded: an id of someone else's file
 * in a written log stays text and grants nothing. Every method takes the executor last.
 */
export class FileRefsRepository {
  /** Records that the logbook names these files (those its owner uploaded), marking them named. */
  async add(logid: string, fileIds: readonly string[], db: Executor): Promise<void> {
    if (fileIds.length === 0) return;
    const owned = db
      .selectFrom('files')
      .innerJoin('logbooks', 'logbooks.owner_id', 'files.user_id')
      .where('logbooks.logid', '=', logid)
      .where('files.file_id', 'in', fileIds);
    await db
      .insertInto('file_refs')
      .columns(['logid', 'file_id'])
      .expression(owned.select((s) => [s.val(logid).as('logid'), 'files.file_id']))
      .onConflict((c) => c.doNothing())
      .execute();
    await db.updateTable('files').set({ named: 1 }).where('file_id', 'in', fileIds).execute();
  }

  /** A fork names what its source names. */
  async copy(fromLogid: string, toLogid: string, db: Executor): Promise<void> {
    await db
      .insertInto('file_refs')
      .columns(['logid', 'file_id'])
      .expression(
        db
          .selectFrom('file_refs')
          .select((s) => [s.val(toLogid).as('logid'), 'file_id'])
          .where('logid', '=', fromLogid),
      )
      .execute();
  }

  /** Forgets what the logbook names; returns those ids, for removeUnreferenced once it is rewritten. */
  async clear(logid: string, db: Executor): Promise<string[]> {
    const ids = await this.of(logid, db);
    if (ids.length > 0) await db.deleteFrom('file_refs').where('logid', '=', logid).execute();
    return ids;
  }

  async of(logid: string, db: Executor): Promise<string[]> {
    const rows = await db.selectFrom('file_refs').select('file_id').where('logid', '=', logid).execute();
    return rows.map((row) => row.file_id);
  }

  /**
   * Of these files, drops the logbook's references that none of its entries makes any more
   * (after an entry's attributes changed); returns the ids dropped.
   */
  async prune(logid: string, fileIds: readonly string[], db: Executor): Promise<string[]> {
    const gone: string[] = [];
    for (const fileId of fileIds) {
      const named = await db
        .selectFrom('entries')
        .select('position')
        .where('logid', '=', logid)
        .where('attrs', 'like', `%${fileId}%`)
        .executeTakeFirst();
      if (named === undefined) gone.push(fileId);
    }
    if (gone.length > 0)
      await db.deleteFrom('file_refs').where('logid', '=', logid).where('file_id', 'in', gone).execute();
    return gone;
  }

  /**
   * Removes those of these files no logbook names any more, and the bytes no file shares: a file
   * nobody's entry names is gone (DESIGN 3a).
   */
  async removeUnreferenced(fileIds: readonly string[], db: Executor): Promise<void> {
    if (fileIds.length === 0) return;
    const orphans = await db
      .selectFrom('files')
      .select(['file_id', 'user_id', 'sha256'])
      .where('file_id', 'in', fileIds)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('file_refs').select('file_id').whereRef('file_refs.file_id', '=', 'files.file_id'),
          ),
        ),
      )
      .execute();
    await removeFiles(orphans, db);
  }
}

/** Deletes these file rows, then each blob no other file row shares. */
export async function removeFiles(
  files: readonly { file_id: string; user_id: number; sha256: string }[],
  db: Executor,
): Promise<void> {
  if (files.length === 0) return;
  await db
    .deleteFrom('files')
    .where(
      'file_id',
      'in',
      files.map((f) => f.file_id),
    )
    .execute();
  for (const { user_id, sha256 } of files) {
    await sql`delete from file_blobs where user_id = ${user_id} and sha256 = ${sha256}
      and not exists (select 1 from files where files.user_id = ${user_id} and files.sha256 = ${sha256})`.execute(
      db,
    );
  }
}
