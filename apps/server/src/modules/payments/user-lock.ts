import { sql } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { KeyedQueue } from '../../lib/keyed-queue.js';

/** The advisory lock space of payment writes: its first key, the user's id the second. */
const PAYMENTS_LOCK = 0x7061_7931;

/**
 * Runs one payment operation of a user at a time. A purchase and its webhook, or a double-clicked
 * purchase, then see each other's result instead of racing: the second finds the subscription the
 * first made. In this process a queue orders them; on PostgreSQL a session advisory lock, held on
 * one connection for the whole operation, orders them across every server process too (DESIGN 9).
 * SQLite has one process, so the queue is all it needs.
 */
export class UserLock {
  private readonly local = new KeyedQueue<number>();

  constructor(private readonly db: Db) {}

  run<T>(userId: number, task: () => Promise<T>): Promise<T> {
    return this.local.run(userId, () =>
      this.db.dialect === 'postgres' ? this.everywhere(userId, task) : task(),
    );
  }

  private everywhere<T>(userId: number, task: () => Promise<T>): Promise<T> {
    return this.db.kysely.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${PAYMENTS_LOCK}, ${userId})`.execute(connection);
      try {
        return await task();
      } finally {
        await sql`select pg_advisory_unlock(${PAYMENTS_LOCK}, ${userId})`.execute(connection);
      }
    });
  }
}
