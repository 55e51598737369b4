import type { Logbook, UsageSummary, Well } from '@caravanserai/api';
import { pathOf, routes } from '@caravanserai/api';
import {
  createFakeWell,
  createLogbook,
  expectStatus,
  ORIGINS,
  type SignedIn,
  useServer,
} from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });
let alpha: Well;
let beta: Well;
let bobsWell: Well;
/** UTC dates at the start and the end of the queries, in case they straddle midnight. */
let days: string[];

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function logbookOn(user: SignedIn, well: Well): Promise<Logbook> {
  return createLogbook(user.client, { logwell: well.wellid });
}

beforeAll(async () => {
  alpha = await createFakeWell(t.alice.client, t.fake, { title: 'Alpha well' });
  beta = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS.anthropic, title: 'Beta well' });
  bobsWell = await createFakeWell(t.bob.client, t.fake, { origin_loc: ORIGINS.openai, title: 'Bob’s well' });

  const start = Date.now();
  const onAlpha = await logbookOn(t.alice, alpha);
  const onBeta = await logbookOn(t.alice, beta);
  t.fake.enqueue({ kind: 'reply', text: 'One.', inputTokens: 10, outputTokens: 3 });
  await t.alice.client.queries.submit({ logid: onAlpha.logid, prompt: 'First', context: '' });
  t.fake.enqueue({ kind: 'reply', text: 'Two.', inputTokens: 20, outputTokens: 4 });
  await t.alice.client.queries.submit({ logid: onAlpha.logid, prompt: 'Second', context: '' });
  t.fake.enqueue({ kind: 'reply', text: 'Three.', inputTokens: 30, outputTokens: 5 });
  await t.alice.client.queries.stream({ logid: onBeta.logid, prompt: 'Third', context: '' });
  t.fake.enqueue({ kind: 'error', status: 500, message: 'Down for maintenance' });
  await expectStatus(
    t.alice.client.queries.submit({ logid: onBeta.logid, prompt: 'Fourth', context: '' }),
    502,
  );

  t.fake.enqueue({ kind: 'reply', text: 'Bob’s.', inputTokens: 100, outputTokens: 50 });
  await t.bob.client.queries.submit({ logid: (await logbookOn(t.bob, bobsWell)).logid, prompt: 'Mine' });
  days = [...new Set([utcDate(start), utcDate(Date.now())])];
});

/** Rows in a stable order, since equal query counts may come back in either order. */
function byTitle<T extends { title: string | null }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => String(a.title).localeCompare(String(b.title)));
}

function expectDaysAddUp(summary: UsageSummary) {
  for (const day of summary.by_day) expect(days).toContain(day.day);
  const sum = (key: 'queries' | 'errors' | 'input_tokens' | 'output_tokens') =>
    summary.by_day.reduce((total, day) => total + day[key], 0);
  expect({
    queries: sum('queries'),
    errors: sum('errors'),
    input_tokens: sum('input_tokens'),
    output_tokens: sum('output_tokens'),
  }).toEqual(summary.totals);
}

describe('GET /usage/', () => {
  it('totals the caller’s queries, failures and the tokens the provider reported', async () => {
    const summary = await t.alice.client.usage.get();
    expect(summary.totals).toEqual({ queries: 4, errors: 1, input_tokens: 60, output_tokens: 12 });
  });

  it('splits usage by well, with each well’s title', async () => {
    const summary = await t.alice.client.usage.get();
    expect(byTitle(summary.by_well)).toEqual([
      {
        wellid: alpha.wellid,
        title: 'Alpha well',
        queries: 2,
        errors: 0,
        input_tokens: 30,
        output_tokens: 7,
      },
      { wellid: beta.wellid, title: 'Beta well', queries: 2, errors: 1, input_tokens: 30, output_tokens: 5 },
    ]);
  });

  it('splits usage by provider and model', async () => {
    const summary = await t.alice.client.usage.get();
    const rows = [...summary.by_model].sort((a, b) => a.provider.localeCompare(b.provider));
    expect(rows).toEqual([
      {
        provider: 'anthropic',
        model: 'claude-haiku-4-5',
        queries: 2,
        errors: 1,
        input_tokens: 30,
        output_tokens: 5,
      },
      {
        provider: 'openai-compatible',
        model: 'llama3.2',
        queries: 2,
        errors: 0,
        input_tokens: 30,
        output_tokens: 7,
      },
    ]);
  });

  it('splits usage by UTC day, today included', async () => {
    const summary = await t.alice.client.usage.get();
    expect(summary.by_day.map((d) => d.day)).toContain(days.at(-1));
    expectDaysAddUp(summary);
  });

  it('starts the window at UTC midnight `days` days back, today counting as one', async () => {
    const today = Date.parse(`${utcDate(Date.now())}T00:00:00.000Z`);
    expect((await t.alice.client.usage.get()).since).toBe(new Date(today - 29 * 86_400_000).toISOString());
    const one = await t.alice.client.usage.get({ days: 1 });
    expect(one.since).toBe(new Date(today).toISOString());
    expect(one.by_day.every((d) => d.day === utcDate(today))).toBe(true);
  });

  it('leaves out other users’ usage', async () => {
    const mine = await t.bob.client.usage.get();
    expect(mine.totals).toEqual({ queries: 1, errors: 0, input_tokens: 100, output_tokens: 50 });
    expect(mine.by_well).toEqual([
      {
        wellid: bobsWell.wellid,
        title: 'Bob’s well',
        queries: 1,
        errors: 0,
        input_tokens: 100,
        output_tokens: 50,
      },
    ]);
    expect(mine.by_model).toEqual([
      {
        provider: 'openai',
        model: 'gpt-4o-mini',
        queries: 1,
        errors: 0,
        input_tokens: 100,
        output_tokens: 50,
      },
    ]);
    expectDaysAddUp(mine);

    const alices = await t.alice.client.usage.get();
    expect(alices.by_well.map((w) => w.wellid)).not.toContain(bobsWell.wellid);
    expect(alices.by_model.map((m) => m.provider)).not.toContain('openai');
  });

  it('is empty for a user who never asked anything', async () => {
    const carol = await t.server.signup('carol');
    const summary = await carol.client.usage.get();
    expect(summary).toEqual({
      since: expect.any(String),
      totals: { queries: 0, errors: 0, input_tokens: 0, output_tokens: 0 },
      by_day: [],
      by_well: [],
      by_model: [],
    });
  });

  it('answers 401 to an anonymous caller', async () => {
    const body = await expectStatus(t.server.client().usage.get(), 401);
    expect(body.detail).toEqual(expect.any(String));
  });

  for (const days of ['0', 'abc', '-3', '1.5', '367']) {
    it(`refuses ?days=${days} with 400 on days`, async () => {
      const res = await t.server.http(`${pathOf(routes.usage.get)}?days=${days}`, { token: t.alice.token });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.days).toEqual([expect.any(String)]);
    });
  }
});
