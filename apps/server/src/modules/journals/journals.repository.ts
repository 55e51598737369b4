import type { Insertable, Kysely } from 'kysely';
import type { Database, JournalRow, JournalsTable } from '../../db/database.js';

export type JournalWithOwner = JournalRow & { owner_username: string };

export class JournalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('journals')
      .innerJoin('users', 'users.id', 'journals.owner_id')
      .selectAll('journals')
      .select('users.username as owner_username');
  }

  listByOwner(ownerId: number): Promise<JournalWithOwner[]> {
    return this.base()
      .where('journals.owner_id', '=', ownerId)
      .orderBy('journals.modified_at', 'desc')
      .orderBy('journals.jid')
      .execute();
  }

  find(jid: string): Promise<JournalWithOwner | undefined> {
    return this.base().where('journals.jid', '=', jid).executeTakeFirst();
  }

  /** A journal's instructions, read for every query of its logbooks ('' when it has none). */
  async instructionsOf(jid: string): Promise<string> {
    const row = await this.db
      .selectFrom('journals')
      .select('instructions')
      .where('jid', '=', jid)
      .executeTakeFirst();
    return row?.instructions ?? '';
  }

  async insert(row: Insertable<JournalsTable>): Promise<void> {
    await this.db.insertInto('journals').values(row).execute();
  }

  async update(
    jid: string,
    patch: Partial<Pick<JournalRow, 'title' | 'instructions'>> & Pick<JournalRow, 'modified_at'>,
  ): Promise<void> {
    await this.db.updateTable('journals').set(patch).where('jid', '=', jid).execute();
  }

  async delete(jid: string): Promise<void> {
    await this.db.deleteFrom('journals').where('jid', '=', jid).execute();
  }
}
