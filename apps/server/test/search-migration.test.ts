import { createTestDb, insertUserRow, type TestDb } from '@caravanserai/test-kit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createSearchRepository } from '../src/modules/search/search.repository.js';
import { parseSearch } from '../src/modules/search/search-terms.js';

let old: TestDb;
let alice = 0;
let bob = 0;

async function logbook(db: TestDb, logid: string, ownerId: number, contents: [string, string, string][]) {
  // The schema of migration 0007: entries and logbooks without the columns added since.
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const kysely = db.db.kysely as Kysely<any>;
  await kysely
    .insertInto('logbooks')
    .values({
      logid,
      owner_id: ownerId,
      jid: null,
      logwell: null,
      title: logid,
      description: '',
      private: 1,
      salted: 0,
      forked: 0,
      memory: 0,
      version: 1,
      entry_count: contents.length,
      created_at: 1,
      modified_at: 1,
    })
    .execute();
  await kysely
    .insertInto('entries')
    .values(
      contents.map(([tag, attrs, content], position) => ({
        logid,
        position,
        tag,
        attrs,
        content,
        qid: null,
        created_at: 1000 + position,
      })),
    )
    .execute();
}

async function found(ownerId: number, q: string) {
  const index = createSearchRepository(old.db);
  const candidates = await index.candidates({ ownerId, terms: parseSearch(q) });
  const hits = await index.hits(candidates.map((c) => Number(c.docid)));
  return hits.map((h) => `${h.logid}:${h.position}`).sort();
}

beforeAll(async () => {
  old = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0007-caravans'));
  alice = await insertUserRow(old.db, 'alice', 1);
  bob = await insertUserRow(old.db, 'bob', 1);
  await logbook(old, 'alicebook', alice, [
    ['query', '', 'Where is the lighthouse keeper?'],
    ['gen', '{"qid":"q1"}', '灯台守は東京にいます。The keeper lives in Tokyo.'],
    ['gen', '{"notice":"true"}', 'Memory Turned On'],
  ]);
  await logbook(old, 'bobbook', bob, [['gen', '', 'Another lighthouse, another keeper.']]);
  await migrateToLatest(old.db);
});

afterAll(() => old.drop());

describe('the search migration', () => {
  it('indexes the entries already stored, each for its owner, notices left out', async () => {
    expect(await found(alice, 'keeper')).toEqual(['alicebook:0', 'alicebook:1']);
    expect(await found(alice, '東京')).toEqual(['alicebook:1']);
    expect(await found(alice, 'memory')).toEqual([]);
    expect(await found(bob, 'keeper')).toEqual(['bobbook:0']);
  });

  it('keeps indexing what is written after it', async () => {
    await logbook(old, 'laterbook', bob, [['comment', '', 'A later keeper note']]);
    expect(await found(bob, 'keeper')).toEqual(['bobbook:0', 'laterbook:0']);
    await old.db.kysely.deleteFrom('logbooks').where('logid', '=', 'bobbook').execute();
    expect(await found(bob, 'keeper')).toEqual(['laterbook:0']);
    await old.db.kysely.deleteFrom('users').where('id', '=', bob).execute();
    expect(await found(bob, 'keeper')).toEqual([]);
  });
});
