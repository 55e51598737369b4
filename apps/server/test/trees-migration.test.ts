import { createTestDb, insertUserRow, type TestDb } from '@caravanserai/test-kit';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';

let db: TestDb;
let indexedBefore: unknown[] = [];

// search_docs is not among the table types the code uses.
const indexed = async () =>
  (
    await sql<{
      docid: unknown;
      logid: string;
      position: number;
    }>`select docid, logid, position from search_docs order by docid`.execute(db.db.kysely)
  ).rows.map((row) => ({ ...row, docid: Number(row.docid) }));

beforeAll(async () => {
  db = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0010-usage-rollups'));
  const owner = await insertUserRow(db.db, 'keeper', 1);
  // The schema of migration 0010: no eids, parents, depths or heads yet.
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const kysely = db.db.kysely as Kysely<any>;
  const logbook = { owner_id: owner, jid: null, logwell: null, description: '', private: 1, salted: 0 };
  const flags = { forked: 0, memory: 0, version: 1, created_at: 1, modified_at: 1 };
  await kysely
    .insertInto('logbooks')
    .values([
      { ...logbook, ...flags, logid: 'threeturns', title: 'Three', entry_count: 3 },
      { ...logbook, ...flags, logid: 'emptybook', title: 'Empty', entry_count: 0 },
    ])
    .execute();
  const entry = { logid: 'threeturns', qid: null, created_at: 1 };
  await kysely
    .insertInto('entries')
    .values([
      { ...entry, position: 0, tag: 'context', attrs: '', content: 'Be brief.' },
      { ...entry, position: 1, tag: 'query', attrs: '{"qid":"aaaa1111"}', content: 'Why?' },
      { ...entry, position: 2, tag: 'gen', attrs: '{"qid":"aaaa1111"}', content: 'Because.' },
    ])
    .execute();
  indexedBefore = await indexed();
  await migrateToLatest(db.db);
});

afterAll(() => db.drop());

describe('migration 0011: logs stored before trees', () => {
  it('become one-branch trees: eids from positions, each entry following the one before', async () => {
    const rows = await db.db.kysely
      .selectFrom('entries')
      .select(['position', 'eid', 'parent', 'parent_position', 'depth', 'attrs'])
      .where('logid', '=', 'threeturns')
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { position: 0, eid: '00000000', parent: null, parent_position: null, depth: 0, attrs: '' },
      {
        position: 1,
        eid: '00000001',
        parent: null,
        parent_position: 0,
        depth: 1,
        attrs: '{"qid":"aaaa1111"}',
      },
      {
        position: 2,
        eid: '00000002',
        parent: null,
        parent_position: 1,
        depth: 2,
        attrs: '{"qid":"aaaa1111"}',
      },
    ]);
  });

  it('keep their place in the search index (its ids give the newest-first order)', async () => {
    expect(indexedBefore).toHaveLength(3);
    expect(await indexed()).toEqual(indexedBefore);
  });

  it('keep their last entry as the head, and an empty logbook none', async () => {
    const heads = await db.db.kysely
      .selectFrom('logbooks')
      .select(['logid', 'head'])
      .orderBy('logid')
      .execute();
    expect(heads).toEqual([
      { logid: 'emptybook', head: null },
      { logid: 'threeturns', head: '00000002' },
    ]);
  });
});
