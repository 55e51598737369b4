import { type Entry, filesOf } from '@caravanserai/logbook';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** The ids the entries' `files` attributes name, each once. */
export function fileIdsOf(entries: readonly { entry: Entry }[] | readonly Entry[]): string[] {
  const ids = new Set<string>();
  for (const item of entries) for (const id of filesOf('entry' in item ? item.entry : item)) ids.add(id);
  return [...ids];
}

/**
 * Which logbooks name which files (`file_refs`), kept beside the entries by the code that writes
 * them. A logbook's entries can name only files its owner uploaded: an id of someone else's file
 * in a written log stays text and grants nothing. Every method takes the executor last.
 */
export class FileRefsRepository {
  /**
   * Records that the logbook names these files, marking them named: those its owner uploaded, and
   * of `kept` (what it named before its log was written again: a fork's files, uploaded by the
   * source's owner) those it names still.
   */
  async add(
    logid: string,
    fileIds: readonly string[],
    db: Executor,
    kept: readonly string[] = [],
  ): Promise<void> {
    if (fileIds.length === 0) return;
    const stillNamed = kept.filter((id) => fileIds.includes(id));
    const owner = db.selectFrom('logbooks').select('owner_id').where('logid', '=', logid);
    const allowed = db
      .selectFrom('files')
      .where('file_id', 'in', fileIds)
      .where((eb) =>
        stillNamed.length === 0
          ? eb('user_id', '=', owner)
          : eb.or([eb('user_id', '=', owner), eb('file_id', 'in', stillNamed)]),
      );
    await db
      .insertInto('file_refs')
      .columns(['logid', 'file_id'])
      .expression(allowed.select((s) => [s.val(logid).as('logid'), 'file_id']))
      .onConflict((c) => c.doNothing())
      .execute();
    const recorded = db
      .selectFrom('file_refs')
      .select('file_id')
      .where('logid', '=', logid)
      .where('file_id', 'in', fileIds);
    await db.updateTable('files').set({ named: 1 }).where('file_id', 'in', recorded).execute();
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
    if (fileIds.length === 0) return [];
    const refs = new Set(await this.of(logid, db));
    const gone: string[] = [];
    for (const fileId of fileIds.filter((id) => refs.has(id))) {
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
   * Removes those of these files no logbook names any more, nor a listing still shown (one hidden
   * by the moderators may be shown again; a withdrawn one never is), and the bytes no file shares:
   * a file nobody's entry names is gone (DESIGN 3a).
   */
  async removeUnreferenced(fileIds: readonly string[], db: Executor): Promise<void> {
    if (fileIds.length === 0) return;
    await lockFilesOf(await uploadersOf(fileIds, db), db);
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
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bazaar_version_files as vf')
              .innerJoin('bazaar_listings as l', 'l.listing_id', 'vf.listing_id')
              .select('vf.file_id')
              .whereRef('vf.file_id', '=', 'files.file_id')
              .where('l.withdrawn_at', 'is', null),
          ),
        ),
      )
      .execute();
    await removeFiles(orphans, db);
  }
}

async function uploadersOf(fileIds: readonly string[], db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('files')
    .select('user_id')
    .distinct()
    .where('file_id', 'in', fileIds)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Takes the uploaders' rows for the rest of the transaction, so that one user's uploads, the
 * naming of their files and their removal happen one after another: on PostgreSQL an upload that
 * finds bytes already stored cannot have them deleted under it, two uploads cannot both pass the
 * quota, and a file cannot be named while it is removed. (SQLite writes one at a time anyway.)
 */
export async function lockFilesOf(userIds: readonly number[], db: Executor): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...userIds].sort((a, b) => a - b);
  await sql`update users set id = id where id in (${sql.join(ids)})`.execute(db);
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
