import { createTestDb, insertUserRow, type TestDb } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { UsageRepository } from '../src/modules/usage/usage.repository.js';

const DAY_MS = 86_400_000;
const OUTCOMES = ['ok', 'truncated', 'stopped', 'error', 'timeout', 'cancelled', 'ok'];
let old: TestDb;
let users: number[] = [];

/** The daily roll-up as the usage rows themselves add up, computed here one row at a time. */
async function rollupOfRows(db: TestDb) {
  const rows = await db.db.kysely
    .selectFrom('usage')
    .selectAll()
    .where('caravan_id', 'is not', null)
    .execute();
  const sums = new Map<string, number[]>();
  for (const r of rows) {
    const key = [
      r.caravan_id,
      Math.floor(r.created_at / DAY_MS),
      r.user_id,
      r.wellid ?? '',
      r.provider,
      r.model,
    ];
    const answered = ['ok', 'truncated', 'stopped'].includes(r.outcome);
    const s = sums.get(JSON.stringify(key)) ?? [0, 0, 0, 0, 0];
    s[0]! += answered ? 1 : 0;
    s[1]! += ['error', 'timeout'].includes(r.outcome) ? 1 : 0;
    s[2]! += r.input_tokens;
    s[3]! += r.output_tokens;
    s[4]! += answered ? r.input_tokens + r.output_tokens : 0;
    sums.set(JSON.stringify(key), s);
  }
  return [...sums].map(([k, s]) => [...JSON.parse(k), ...s]).sort();
}

async function rollupTable(db: TestDb) {
  const rows = await db.db.kysely.selectFrom('caravan_usage_daily').selectAll().execute();
  return rows
    .map((r) => [
      r.caravan_id,
      Number(r.day),
      r.user_id,
      r.wellid,
      r.provider,
      r.model,
      Number(r.queries),
      Number(r.errors),
      Number(r.input_tokens),
      Number(r.output_tokens),
      Number(r.answered_tokens),
    ])
    .sort();
}

beforeAll(async () => {
  old = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0007-caravans'));
  users = [await insertUserRow(old.db, 'ann', 1), await insertUserRow(old.db, 'ben', 1)];
  const start = Date.UTC(2025, 10, 20);
  for (let i = 0; i < 150; i++) {
    // Written before the roll-up existed, so the typed builder does not know this schema.
    await sql`insert into usage (id, user_id, wellid, logid, provider, model, input_tokens, output_tokens,
        latency_ms, outcome, streamed, estimated, caravan_id, created_at)
      values (${`old${i}`}, ${users[i % 2]}, ${i % 9 === 0 ? null : `well${i % 3}`}, null, 'openai',
        ${i % 4 ? 'gpt-4o' : 'o3'}, ${5 + (i % 17)}, ${1 + (i % 29)}, 80, ${OUTCOMES[i % OUTCOMES.length]}, 0, 0,
        ${i % 10 === 0 ? null : i % 5 === 0 ? 'caravanb' : 'caravana'}, ${start + i * 5 * 3_600_000})`.execute(
      old.db.kysely,
    );
  }
  // One answer reported as over a billion tokens each way: its sum passes a 32-bit integer.
  await sql`insert into usage (id, user_id, wellid, logid, provider, model, input_tokens, output_tokens,
      latency_ms, outcome, streamed, estimated, caravan_id, created_at)
    values ('huge', ${users[0]}, 'well1', null, 'openai', 'gpt-4o', 1200000000, 1200000000, 80, 'ok', 0, 0,
      'caravana', ${start})`.execute(old.db.kysely);
  await migrateToLatest(old.db);
});

afterAll(() => old.drop());

describe('the migration to daily usage roll-ups', () => {
  it('fills the roll-up from the usage rows already stored', async () => {
    const expected = await rollupOfRows(old);
    expect(expected.length).toBeGreaterThan(30);
    expect(await rollupTable(old)).toEqual(expected);
  });

  it('then keeps it in step with each usage row written, on the same days as the old rows', async () => {
    const usage = new UsageRepository(old.db.kysely);
    for (let i = 0; i < 40; i++) {
      await usage.insert(
        {
          id: `new${i}`,
          user_id: users[i % 2]!,
          wellid: i % 7 === 0 ? null : `well${i % 3}`,
          logid: null,
          provider: 'openai',
          model: i % 3 ? 'gpt-4o' : 'o3',
          input_tokens: 3 + i,
          output_tokens: 2 * i,
          latency_ms: 50,
          outcome: OUTCOMES[(i * 3) % OUTCOMES.length]!,
          streamed: 1,
          estimated: 0,
          caravan_id: i % 6 === 0 ? null : 'caravana',
          created_at: Date.UTC(2025, 10, 20) + i * 9 * 3_600_000,
        },
        null,
      );
    }
    expect(await rollupTable(old)).toEqual(await rollupOfRows(old));
  });
});
