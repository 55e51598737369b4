import { sql } from 'kysely';
import { ConfigError, withoutPassword } from '../env.js';
import type { Db } from './dialect.js';

/**
 * PostgreSQL answers, or the server stops with a line naming DATABASE_URL (its password masked)
 * and why, rather than the driver's error and its stack. SQLite is a file: opening it is the check.
 */
export async function checkReachable(db: Db, databaseUrl: string | null): Promise<void> {
  if (databaseUrl === null) return;
  try {
    await sql`select 1`.execute(db.kysely);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const shown = withoutPassword(databaseUrl) ?? '(DATABASE_URL)';
    throw new ConfigError(`DATABASE_URL: cannot connect to PostgreSQL at ${shown}: ${reason}`);
  }
}
