import { EXAMPLE_LOGBOOKS } from '@caravanserai/api';
import { now } from '../db/columns.js';
import type { Db } from '../db/dialect.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { UNUSABLE_PASSWORD } from '../modules/auth/password.js';
import { entryRow } from '../modules/logbooks/entries.repository.js';
import { placeEntries } from '../modules/logbooks/entry-placement.js';
import { EXAMPLES } from './example-logbooks.js';

export const SYSTEM_USERNAME = 'caravanserai';

/**
 * On first start, creates the account that owns the public examples and the three example
 * logbooks. Runs once: an existing system account means the seed already ran (or was edited).
 */
export async function seedExamples(db: Db): Promise<void> {
  try {
    await insertExamples(db);
  } catch (error) {
    // Another replica starting at the same moment seeded them first.
    if (!isUniqueViolation(error)) throw error;
  }
}

async function insertExamples(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', SYSTEM_USERNAME)
      .executeTakeFirst();
    if (existing) return;
    const at = now();
    const owner = await trx
      .insertInto('users')
      .values({
        username: SYSTEM_USERNAME,
        username_key: SYSTEM_USERNAME,
        email: '',
        password_hash: UNUSABLE_PASSWORD,
        role: 'Sultan',
        location: 'The Silk Road',
        is_system: 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const { logid } of EXAMPLE_LOGBOOKS) {
      const example = EXAMPLES[logid]!;
      const placed = placeEntries(example.entries, { firstPosition: 0 });
      await trx
        .insertInto('logbooks')
        .values({
          logid,
          owner_id: owner.id,
          jid: null,
          logwell: null,
          title: example.title,
          description: example.description,
          private: 0,
          salted: 1,
          forked: 0,
          memory: 0,
          version: 1,
          entry_count: example.entries.length,
          created_at: at,
          modified_at: at,
          head: placed.at(-1)?.eid ?? null,
        })
        .execute();
      await trx
        .insertInto('entries')
        .values(placed.map((entry) => entryRow(logid, entry, at)))
        .execute();
    }
  });
}
