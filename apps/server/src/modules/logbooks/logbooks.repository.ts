import type { Kysely } from 'kysely';
import { now } from '../../db/columns.js';
import type { Database, Executor, LogbookRow, LogbookUpdate, NewLogbook } from '../../db/database.js';
import type { LogbookSignals } from './logbook-signals.js';

export type LogbookWithOwner = LogbookRow & { owner_username: string; well_title: string | null };

/**
 * SQL of logbooks. Every method that takes an executor (the database or a transaction) takes it last.
 * Each write that changes what a page shows announces it (`signals`) in the same transaction.
 */
export class LogbooksRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly signals?: LogbookSignals,
  ) {}

  private async announce(logid: string, db: Executor): Promise<void> {
    await this.signals?.announce(logid, db);
  }

  private base(db: Executor = this.db) {
    return db
      .selectFrom('logbooks')
      .innerJoin('users', 'users.id', 'logbooks.owner_id')
      .leftJoin('wells', 'wells.wellid', 'logbooks.logwell')
      .selectAll('logbooks')
      .select(['users.username as owner_username', 'wells.title as well_title']);
  }

  find(logid: string, db: Executor = this.db): Promise<LogbookWithOwner | undefined> {
    return this.base(db).where('logbooks.logid', '=', logid).executeTakeFirst();
  }

  listByOwner(ownerId: number): Promise<LogbookWithOwner[]> {
    return this.base()
      .where('logbooks.owner_id', '=', ownerId)
      .orderBy('logbooks.modified_at', 'desc')
      .orderBy('logbooks.logid')
      .execute();
  }

  listByJournal(jid: string): Promise<LogbookRow[]> {
    return this.db
      .selectFrom('logbooks')
      .selectAll()
      .where('jid', '=', jid)
      .orderBy('modified_at', 'desc')
      .orderBy('logid')
      .execute();
  }

  async insert(row: NewLogbook, db: Executor = this.db): Promise<void> {
    await db.insertInto('logbooks').values(row).execute();
  }

  async update(logid: string, patch: LogbookUpdate, db: Executor = this.db): Promise<void> {
    await db.updateTable('logbooks').set(patch).where('logid', '=', logid).execute();
    // The head alone is set by writes that bumped the version, and announced it there.
    if (Object.keys(patch).some((key) => key !== 'head')) await this.announce(logid, db);
  }

  /**
   * Gives a logbook a title if it still has the one it was created with (DESIGN 12: named after
   * its first answer), moving its modified time so open pages read it again. Says whether it did.
   */
  async retitleDefault(logid: string, defaultTitle: string, title: string): Promise<boolean> {
    const result = await this.db
      .updateTable('logbooks')
      .set({ title, modified_at: now() })
      .where('logid', '=', logid)
      .where('title', '=', defaultTitle)
      .executeTakeFirst();
    const retitled = Number(result.numUpdatedRows) > 0;
    if (retitled) await this.announce(logid, this.db);
    return retitled;
  }

  async delete(logid: string, db: Executor = this.db): Promise<void> {
    await db.deleteFrom('logbooks').where('logid', '=', logid).execute();
    await this.announce(logid, db);
  }

  /**
   * Claims the next `count` entry positions and bumps the version. The UPDATE takes the row lock
   * (PostgreSQL) or runs inside the single writer (SQLite), so concurrent appends get distinct
   * positions. Undefined when the logbook is gone, or salted unless `ignoreSalt` (an import
   * restoring a salted logbook writes its entries before the flag it came with matters).
   */
  async reservePositions(
    logid: string,
    count: number,
    { at, ignoreSalt = false }: { at: number; ignoreSalt?: boolean },
    db: Executor = this.db,
  ) {
    let query = db
      .updateTable('logbooks')
      .set((eb) => ({
        entry_count: eb('entry_count', '+', count),
        version: eb('version', '+', 1),
        modified_at: at,
      }))
      .where('logid', '=', logid);
    // The race fence only: whether entries may change is access's rule (refuseIfSalted), checked
    // before; this refuses a logbook salted between that check and this write.
    if (!ignoreSalt) query = query.where('salted', '=', 0);
    const claimed = await query.returning(['entry_count', 'version', 'head']).executeTakeFirst();
    if (claimed) await this.announce(logid, db);
    return claimed;
  }

  /**
   * Moves the head and bumps the version (so other pages notice); the new version, or undefined
   * when the logbook is gone. Choosing a branch to read is not a change of its content: the
   * logbook keeps its modified time and its place in lists. Bumping first takes the row's lock,
   * so a whole log written at the same time cannot remove the chosen entry in between.
   */
  async moveHead(logid: string, head: (trx: Executor) => Promise<string>, db: Executor = this.db) {
    const bumped = await db
      .updateTable('logbooks')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('logid', '=', logid)
      .returning('version')
      .executeTakeFirst();
    if (bumped === undefined) return undefined;
    await this.announce(logid, db);
    const eid = await head(db);
    await db.updateTable('logbooks').set({ head: eid }).where('logid', '=', logid).execute();
    return { head: eid, version: bumped.version };
  }

  /**
   * Starts a change of existing entries: bumps the version (checking the expected one when given)
   * and returns the new version and entry count, or undefined when salted, gone or stale.
   */
  async bumpVersion(
    logid: string,
    at: number,
    { expectedVersion, entryCount }: { expectedVersion?: number; entryCount?: number },
    db: Executor = this.db,
  ) {
    let query = db
      .updateTable('logbooks')
      .set((eb) => ({
        version: eb('version', '+', 1),
        modified_at: at,
        ...(entryCount === undefined ? {} : { entry_count: entryCount }),
      }))
      .where('logid', '=', logid)
      // The race fence only, as in reservePositions: access decided before.
      .where('salted', '=', 0);
    if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
    const bumped = await query.returning(['entry_count', 'version', 'head']).executeTakeFirst();
    if (bumped) await this.announce(logid, db);
    return bumped;
  }
}
