import type { CaravanUsage } from '@caravanserai/api';
import { createLogbook, expectStatus, ORIGINS, useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageRepository } from '../src/modules/usage/usage.repository.js';
import { caravanWith, sharedWell } from './caravans-helpers.js';
import { byKey, csvOf, expectedSummary, type RawUsage } from './caravans-usage-reference.js';

const t = useServer({ users: ['alice', 'bob', 'carol'], fake: true });
const DAY_MS = 86_400_000;
const OUTCOMES = ['ok', 'ok', 'ok', 'truncated', 'stopped', 'error', 'timeout', 'cancelled'];
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

let caravanId = '';
let usernames = new Map<number, string>();

/** Every usage row of the database, as stored. */
function allRows(): Promise<RawUsage[]> {
  return t.server.testDb.db.kysely
    .selectFrom('usage')
    .select([
      'user_id',
      'wellid',
      'provider',
      'model',
      'input_tokens',
      'output_tokens',
      'outcome',
      'caravan_id',
      'created_at',
    ])
    .execute();
}

/**
 * A year and more of past use, written through the same repository call that records a query
 * (the clock aside): several members, wells, models and outcomes, on days across month edges, and
 * rows of no caravan or another one, which never count.
 */
async function writeHistory(wells: string[], otherCaravan: string): Promise<void> {
  const usage = new UsageRepository(t.server.testDb.db.kysely);
  const members = [t.alice.pk, t.bob.pk, t.carol.pk];
  const models = ['gpt-4o', 'llama3.2', 'claude-3'];
  for (let i = 0; i < 240; i++) {
    const at = today - Math.floor((i * 419) / 240) * DAY_MS + ((i * 7_919_000) % DAY_MS);
    const caravan = i % 11 === 0 ? null : i % 13 === 0 ? otherCaravan : caravanId;
    await usage.insert(
      {
        id: `hist${i}`,
        user_id: members[i % 3]!,
        wellid: wells[i % wells.length]!,
        logid: null,
        provider: i % 2 ? 'openai-compatible' : 'anthropic',
        model: models[i % models.length]!,
        input_tokens: OUTCOMES[i % 8] === 'cancelled' ? 0 : 10 + (i % 37),
        output_tokens: OUTCOMES[i % 8] === 'cancelled' ? 0 : 3 + (i % 53),
        latency_ms: 100,
        outcome: OUTCOMES[i % OUTCOMES.length]!,
        streamed: 1,
        estimated: 0,
        caravan_id: caravan,
        created_at: at,
      },
      null,
    );
  }
}

beforeAll(async () => {
  const caravan = await caravanWith(t.alice, [t.bob, t.carol]);
  caravanId = caravan.caravan_id;
  const other = await caravanWith(t.alice, [t.bob]);
  const openai = await sharedWell(t.alice, t.fake, caravanId);
  const claude = await sharedWell(t.alice, t.fake, caravanId, { origin_loc: ORIGINS.anthropic });
  usernames = new Map([t.alice, t.bob, t.carol].map((u) => [u.pk, u.username]));
  await writeHistory([openai.wellid, claude.wellid], other.caravan_id);
  // And today's use, through the API: answered on two wells, and a failure.
  for (const [who, well] of [
    [t.bob, openai],
    [t.carol, claude],
    [t.bob, claude],
  ] as const) {
    const book = await createLogbook(who.client, { logwell: well.wellid });
    t.fake.enqueue({ kind: 'reply', text: 'Answer.', inputTokens: 7, outputTokens: 2 });
    await who.client.queries.submit({ logid: book.logid, prompt: 'Now', context: '' });
    t.fake.enqueue({ kind: 'error', status: 500, message: 'Down' });
    await expectStatus(who.client.queries.submit({ logid: book.logid, prompt: 'Fails', context: '' }), 502);
  }
});

const sorted = (s: CaravanUsage) => ({ ...s, rows: [...s.rows].sort(byKey) });

/** From the first of the month `monthsBack` months ago, plus `plusDays`. */
function inMonth(monthsBack: number, plusDays = 0): string {
  const d = new Date(today);
  return day(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1) + plusDays * DAY_MS);
}

const RANGES: [string, string, string][] = [
  ['the whole year', day(today - 365 * DAY_MS), day(today)],
  ['whole months', inMonth(5), inMonth(2, -1)],
  ['partial months at both edges', inMonth(7, 9), inMonth(3, 16)],
  ['within one month', inMonth(4, 3), inMonth(4, 20)],
  ['one day', inMonth(1, 14), inMonth(1, 14)],
  ['this month so far', inMonth(0), day(today)],
];

describe('caravan usage summaries read from the daily roll-up', () => {
  it.each(RANGES)('equal the sums of the usage rows over %s, for every group_by', async (_, from, to) => {
    const rows = await allRows();
    for (const groupBy of ['member', 'well', 'model', 'day'] as const) {
      const answer = await t.alice.client.caravans.usage(caravanId, { from, to, group_by: groupBy });
      const expected = expectedSummary(rows, { caravanId, from, to, groupBy }, usernames);
      expect(sorted(answer)).toEqual(expected);
      if (groupBy !== 'member')
        expect(answer.rows.map((r) => r.key)).toEqual(expected.rows.map((r) => r.key));
    }
  });

  it('count a range spanning months with use in it', async () => {
    const [, from, to] = RANGES[2]!;
    const answer = await t.alice.client.caravans.usage(caravanId, { from, to, group_by: 'day' });
    expect(answer.rows.length).toBeGreaterThan(20);
    expect(answer.totals.queries).toBeGreaterThan(0);
    expect(answer.totals.errors).toBeGreaterThan(0);
  });

  it('give a member only their own use, equal to their rows', async () => {
    const rows = await allRows();
    const [, from, to] = RANGES[0]!;
    for (const groupBy of ['member', 'model', 'day'] as const) {
      const answer = await t.bob.client.caravans.usage(caravanId, { from, to, group_by: groupBy });
      expect(sorted(answer)).toEqual(
        expectedSummary(rows, { caravanId, from, to, groupBy, userId: t.bob.pk }, usernames),
      );
    }
  });

  it('send the same figures as CSV', async () => {
    const rows = await allRows();
    const [, from, to] = RANGES[2]!;
    for (const groupBy of ['well', 'day'] as const) {
      const csv = await t.alice.client.caravans.usageCsv(caravanId, { from, to, group_by: groupBy });
      expect(csv).toBe(csvOf(expectedSummary(rows, { caravanId, from, to, groupBy }, usernames)));
    }
  });

  it('are kept in step by each query recorded, failures and stops included', async () => {
    const before = await t.alice.client.caravans.usage(caravanId, { group_by: 'member' });
    const book = await createLogbook(t.carol.client, {
      logwell: (await t.alice.client.caravans.get(caravanId)).wells[0]!.wellid,
    });
    t.fake.enqueue({ kind: 'reply', text: 'More.', inputTokens: 11, outputTokens: 4 });
    await t.carol.client.queries.submit({ logid: book.logid, prompt: 'Again', context: '' });
    const after = await t.alice.client.caravans.usage(caravanId, { group_by: 'member' });
    expect(after.totals).toEqual({
      queries: before.totals.queries + 1,
      input_tokens: before.totals.input_tokens + 11,
      output_tokens: before.totals.output_tokens + 4,
      errors: before.totals.errors,
    });
    const rows = await allRows();
    const from = inMonth(0);
    expect(sorted(after)).toEqual(
      expectedSummary(rows, { caravanId, from, to: day(today), groupBy: 'member' }, usernames),
    );
  });
});
