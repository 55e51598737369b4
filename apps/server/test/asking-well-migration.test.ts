import { createTestDb, insertUserRow, type TestDb } from '@caravanserai/test-kit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';

let db: TestDb;
let before: number;

beforeAll(async () => {
  db = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0012-files'));
  before = await insertUserRow(db.db, 'oldtimer', 1);
  // The schema of migration 0012: journals without instructions.
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const kysely = db.db.kysely as Kysely<any>;
  await kysely
    .insertInto('journals')
    .values({ jid: 'oldjournal', owner_id: before, title: 'Old', created_at: 1, modified_at: 1 })
    .execute();
  await migrateToLatest(db.db);
});

afterAll(() => db.drop());

const userRow = (id: number) =>
  db.db.kysely
    .selectFrom('users')
    .select(['instructions', 'memory_default', 'auto_titles'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('migration 0013: asking well', () => {
  it('leaves an account made before it with memory off in new logbooks, as it had', async () => {
    expect(await userRow(before)).toEqual({ instructions: '', memory_default: 0, auto_titles: 1 });
  });

  it('gives an account made after it memory on in new logbooks', async () => {
    const after = await insertUserRow(db.db, 'newcomer', 2);
    expect(await userRow(after)).toEqual({ instructions: '', memory_default: 1, auto_titles: 1 });
  });

  it('gives the journals made before it no instructions', async () => {
    const journal = await db.db.kysely
      .selectFrom('journals')
      .select('instructions')
      .where('jid', '=', 'oldjournal')
      .executeTakeFirstOrThrow();
    expect(journal.instructions).toBe('');
  });
});
