import type { Kysely } from 'kysely';
import type { Database, MapperProfileRow } from '../../db/database.js';

export class MapperProfilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByOwner(ownerId: number): Promise<MapperProfileRow | undefined> {
    return this.db
      .selectFrom('mapper_profiles')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  find(id: string): Promise<MapperProfileRow | undefined> {
    return this.db.selectFrom('mapper_profiles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: MapperProfileRow): Promise<void> {
    await this.db.insertInto('mapper_profiles').values(row).execute();
  }

  async update(id: string, patch: Partial<MapperProfileRow>): Promise<void> {
    await this.db.updateTable('mapper_profiles').set(patch).where('id', '=', id).execute();
  }
}
