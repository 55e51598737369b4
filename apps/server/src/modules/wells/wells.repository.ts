import type { Kysely } from 'kysely';
import type { Database, WellRow } from '../../db/database.js';

export class WellsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(wellid: string): Promise<WellRow | undefined> {
    return this.db.selectFrom('wells').selectAll().where('wellid', '=', wellid).executeTakeFirst();
  }
}
