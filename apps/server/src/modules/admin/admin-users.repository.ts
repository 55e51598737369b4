import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/database.js';

/** A user as the administrators' list reads them: the row and how many logbooks they own. */
export type ListedUser = UserRow & { logbook_count: number | string };

/** LIKE's own characters, taken literally in a search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The administrators' view of the users (never the system's own accounts). */
export class AdminUsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of users by username whose username or e-mail contains `q`, and how many match. */
  async list(q: string, limit: number, offset: number): Promise<{ count: number; rows: ListedUser[] }> {
    const matching = this.db
      .selectFrom('users')
      .where('is_system', '=', 0)
      .$if(q !== '', (query) => {
        // Both databases take a backslash as LIKE's escape when told so (SQLite has none otherwise).
        const pattern = likePattern(q);
        return query.where(
          sql<boolean>`(username_key like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\')`,
        );
      });
    const [total, rows] = await Promise.all([
      matching.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      matching
        .selectAll('users')
        .select((eb) =>
          eb
            .selectFrom('logbooks')
            .select(eb.fn.countAll<number | string>().as('n'))
            .whereRef('logbooks.owner_id', '=', 'users.id')
            .as('logbook_count'),
        )
        .orderBy('username_key')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { count: Number(total.n), rows: rows as ListedUser[] };
  }

  async logbookCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('logbooks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
