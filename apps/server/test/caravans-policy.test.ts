import type { Caravan, Logbook, Well } from '@caravanserai/api';
import { pathOf, routes } from '@caravanserai/api';
import {
  createFakeWell,
  createLogbook,
  expectStatus,
  ORIGINS,
  type SignedIn,
  storedEntries,
  useServer,
} from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { caravanWith, sharedWell } from './caravans-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol', 'erin'], fake: true });
beforeEach(() => t.fake.reset());

interface Setup {
  caravan: Caravan;
  well: Well;
  books: Map<SignedIn, Logbook>;
}

let sequence = 0;

/** A caravan led by Alice with the given members, its well shared, each member's logbook on it. */
async function setup(
  members: SignedIn[],
  policy: Parameters<SignedIn['client']['caravans']['setPolicy']>[1],
) {
  const caravan = await caravanWith(t.alice, members, `Caravan ${++sequence}`);
  const well = await sharedWell(t.alice, t.fake, caravan.caravan_id);
  await t.alice.client.caravans.setPolicy(caravan.caravan_id, policy);
  const books = new Map<SignedIn, Logbook>();
  for (const m of [t.alice, ...members])
    books.set(m, await createLogbook(m.client, { logwell: well.wellid }));
  return { caravan, well, books } satisfies Setup;
}

function ask(s: Setup, who: SignedIn, tokens = { input: 5, output: 5 }, prompt = 'Question') {
  // The default rather than a queued reply: a refused query leaves nothing queued for the next.
  t.fake.setDefault({
    kind: 'reply',
    text: 'Answer.',
    inputTokens: tokens.input,
    outputTokens: tokens.output,
  });
  return who.client.queries.submit({ logid: s.books.get(who)!.logid, prompt, context: '' });
}

describe('a member over a quota', () => {
  it('is refused (403) before the provider is asked, on submit and stream alike; nothing is stored', async () => {
    const s = await setup([t.bob], { member_monthly_queries: 2 });
    await ask(s, t.bob);
    await ask(s, t.bob);
    t.fake.reset();
    const logid = s.books.get(t.bob)!.logid;
    const before = await storedEntries(t.bob.client, logid);
    const refusal = {
      detail: `Monthly query quota of 2 reached in caravan "${s.caravan.name}".`,
      code: 'quota_exceeded',
    };
    expect(
      await expectStatus(t.bob.client.queries.submit({ logid, prompt: 'Third', context: '' }), 403),
    ).toEqual(refusal);
    expect(
      await expectStatus(t.bob.client.queries.stream({ logid, prompt: 'Third', context: '' }), 403),
    ).toEqual(refusal);
    expect(t.fake.requests).toEqual([]);
    expect(await storedEntries(t.bob.client, logid)).toEqual(before);
    // The quota is each member's: the leader still has hers.
    await ask(s, t.alice);
  });

  it('of tokens, or the caravan’s token budget, is refused naming the number', async () => {
    const s = await setup([t.bob, t.carol], { member_monthly_tokens: 10, caravan_monthly_tokens: 30 });
    await ask(s, t.bob, { input: 8, output: 4 });
    t.fake.reset();
    expect(await expectStatus(ask(s, t.bob), 403)).toEqual({
      detail: `Monthly token quota of 10 reached in caravan "${s.caravan.name}".`,
      code: 'quota_exceeded',
    });
    await ask(s, t.carol, { input: 5, output: 4 });
    await ask(s, t.alice, { input: 6, output: 6 });
    expect(t.fake.requests).toHaveLength(2);
    t.fake.reset();
    expect(await expectStatus(ask(s, t.carol), 403)).toEqual({
      detail: `Monthly token budget of 30 reached in caravan "${s.caravan.name}".`,
      code: 'quota_exceeded',
    });
    expect(t.fake.requests).toEqual([]);
    // Raising the cap lets them in again from the next query.
    await t.alice.client.caravans.setPolicy(s.caravan.caravan_id, { caravan_monthly_tokens: 1000 });
    await ask(s, t.carol);
  });

  it('is counted with estimated tokens when the provider reports none; failed queries do not count', async () => {
    const s = await setup([t.bob], { member_monthly_tokens: 5, member_monthly_queries: 1 });
    const logid = s.books.get(t.bob)!.logid;
    t.fake.enqueue({ kind: 'error', status: 500, message: 'Down' });
    await expectStatus(t.bob.client.queries.submit({ logid, prompt: 'Fails', context: '' }), 502);
    t.fake.enqueue({ kind: 'reply', text: 'An answer with several words in it.', reportUsage: false });
    const answered = await t.bob.client.queries.submit({ logid, prompt: 'Counted', context: '' });
    expect(answered.data.usage.estimated).toBe(true);
    t.fake.reset();
    await expectStatus(ask(s, t.bob), 403);
    expect(t.fake.requests).toEqual([]);
  });

  it('cannot slip two concurrent queries past the last unit of a query quota', async () => {
    const s = await setup([t.bob], { member_monthly_queries: 1 });
    const logid = s.books.get(t.bob)!.logid;
    for (let i = 0; i < 2; i++)
      t.fake.enqueue({ kind: 'reply', text: 'Slow answer.', chunks: 4, chunkDelayMs: 40 });
    const results = await Promise.allSettled([
      t.bob.client.queries.submit({ logid, prompt: 'One', context: '' }),
      t.bob.client.queries.stream({ logid, prompt: 'Two', context: '' }),
      t.bob.client.queries.submit({ logid, prompt: 'Three', context: '' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason.status).toBe(403);
    }
    expect(t.fake.requests).toHaveLength(1);
  });
});

describe('a token quota under concurrent queries', () => {
  it('admits while used < cap: queries already in flight overshoot by their own tokens, the next is refused', async () => {
    const s = await setup([t.bob], { member_monthly_tokens: 10 });
    const logid = s.books.get(t.bob)!.logid;
    for (let i = 0; i < 2; i++) {
      t.fake.enqueue({
        kind: 'reply',
        text: 'Slow.',
        chunks: 3,
        chunkDelayMs: 40,
        inputTokens: 4,
        outputTokens: 2,
      });
    }
    const both = await Promise.all([
      t.bob.client.queries.submit({ logid, prompt: 'One', context: '' }),
      t.bob.client.queries.submit({ logid, prompt: 'Two', context: '' }),
    ]);
    expect(both.map((r) => r.data.usage.input_tokens + r.data.usage.output_tokens)).toEqual([6, 6]);
    expect((await t.bob.client.caravans.usage(s.caravan.caravan_id)).totals.input_tokens).toBe(8);
    t.fake.reset();
    expect(await expectStatus(ask(s, t.bob), 403)).toMatchObject({ code: 'quota_exceeded' });
    expect(t.fake.requests).toEqual([]);
  });
});

describe('the model allow-list', () => {
  it('refuses a model outside it (403 policy_model) and allows exact models and provider/*', async () => {
    const s = await setup([t.bob], { allowed_models: ['anthropic/*', 'openai/gpt-4o'] });
    expect(await expectStatus(ask(s, t.bob), 403)).toEqual({
      detail: `The model "${ORIGINS['openai-compatible']}" is not allowed in caravan "${s.caravan.name}".`,
      code: 'policy_model',
    });
    expect(await expectStatus(ask(s, t.alice), 403)).toMatchObject({ code: 'policy_model' });
    expect(t.fake.requests).toEqual([]);
    await t.alice.client.caravans.setPolicy(s.caravan.caravan_id, {
      allowed_models: [ORIGINS['openai-compatible']],
    });
    await ask(s, t.bob);
    await t.alice.client.caravans.setPolicy(s.caravan.caravan_id, {
      allowed_models: ['openai-compatible/*'],
    });
    await ask(s, t.bob);
    expect(t.fake.requests).toHaveLength(2);
    // Through an allowed provider's well of another model.
    const claude = await sharedWell(t.alice, t.fake, s.caravan.caravan_id, { origin_loc: ORIGINS.anthropic });
    await t.alice.client.caravans.setPolicy(s.caravan.caravan_id, { allowed_models: ['anthropic/*'] });
    const onClaude = await createLogbook(t.bob.client, { logwell: claude.wellid });
    await t.bob.client.queries.submit({ logid: onClaude.logid, prompt: 'Claude?', context: '' });
    expect(t.fake.requests).toHaveLength(3);
  });
});

describe('personal_wells: false', () => {
  it('refuses a member’s query through their own well (403), not through the caravan’s', async () => {
    const s = await setup([t.erin], { personal_wells: false });
    const own = await createFakeWell(t.erin.client, t.fake);
    const onOwn = await createLogbook(t.erin.client, { logwell: own.wellid });
    expect(
      await expectStatus(
        t.erin.client.queries.submit({ logid: onOwn.logid, prompt: 'Mine', context: '' }),
        403,
      ),
    ).toEqual({
      detail: `Caravan "${s.caravan.name}" allows queries only through its shared wells.`,
      code: 'policy_personal_wells',
    });
    await expectStatus(
      t.erin.client.queries.stream({ logid: onOwn.logid, prompt: 'Mine', context: '' }),
      403,
    );
    expect(t.fake.requests).toEqual([]);
    await ask(s, t.erin);
    // A leader sets the policy for members; their own wells stay theirs.
    const alicesOwn = await createFakeWell(t.alice.client, t.fake);
    const aliceBook = await createLogbook(t.alice.client, { logwell: alicesOwn.wellid });
    await t.alice.client.queries.submit({ logid: aliceBook.logid, prompt: 'Mine', context: '' });
    // Back to true: her own well answers again.
    await t.alice.client.caravans.setPolicy(s.caravan.caravan_id, { personal_wells: true });
    await t.erin.client.queries.submit({ logid: onOwn.logid, prompt: 'Mine', context: '' });
    expect(t.fake.requests).toHaveLength(3);
  });
});

describe('usage', () => {
  it('is summed by member, well, model and day for leaders; a member sees only their own; CSV too', async () => {
    const s = await setup([t.bob, t.carol], {});
    const id = s.caravan.caravan_id;
    await ask(s, t.bob, { input: 10, output: 1 });
    await ask(s, t.bob, { input: 20, output: 2 });
    await ask(s, t.carol, { input: 30, output: 3 });
    t.fake.enqueue({ kind: 'error', status: 500, message: 'Down' });
    await expectStatus(
      t.carol.client.queries.submit({ logid: s.books.get(t.carol)!.logid, prompt: 'x', context: '' }),
      502,
    );
    // Outside the caravan: never in its figures.
    const own = await createFakeWell(t.bob.client, t.fake);
    const ownBook = await createLogbook(t.bob.client, { logwell: own.wellid });
    await t.bob.client.queries.submit({ logid: ownBook.logid, prompt: 'Private', context: '' });

    const today = new Date().toISOString().slice(0, 10);
    const monthStart = `${today.slice(0, 8)}01`;
    const byMember = await t.alice.client.caravans.usage(id, { group_by: 'member' });
    expect(byMember).toEqual({
      from: monthStart,
      to: today,
      group_by: 'member',
      rows: [
        { key: t.bob.username, queries: 2, input_tokens: 30, output_tokens: 3, errors: 0 },
        { key: t.carol.username, queries: 1, input_tokens: 30, output_tokens: 3, errors: 1 },
      ].sort((a, b) => a.key.localeCompare(b.key)),
      totals: { queries: 3, input_tokens: 60, output_tokens: 6, errors: 1 },
    });
    const totals = byMember.totals;
    expect((await t.alice.client.caravans.usage(id, { group_by: 'well' })).rows).toEqual([
      { key: s.well.wellid, ...totals },
    ]);
    expect((await t.alice.client.caravans.usage(id, { group_by: 'model' })).rows).toEqual([
      { key: ORIGINS['openai-compatible'], ...totals },
    ]);
    expect(
      (await t.alice.client.caravans.usage(id, { group_by: 'day', from: monthStart, to: today })).rows,
    ).toEqual([{ key: today, ...totals }]);
    // A member: their own use only.
    expect((await t.bob.client.caravans.usage(id)).rows).toEqual([
      { key: t.bob.username, queries: 2, input_tokens: 30, output_tokens: 3, errors: 0 },
    ]);
    // Another range: nothing.
    expect((await t.alice.client.caravans.usage(id, { from: '2020-01-01', to: '2020-01-31' })).rows).toEqual(
      [],
    );

    const csv = await t.server.http(
      pathOf(routes.caravans.usage, { id }, { group_by: 'member', format: 'csv' }),
      {
        token: t.alice.token,
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('member,queries,input_tokens,output_tokens,errors');
    expect(lines.slice(1).sort()).toEqual(
      [`${t.bob.username},2,30,3,0`, `${t.carol.username},1,30,3,1`].sort(),
    );
    expect(await t.alice.client.caravans.usageCsv(id, { group_by: 'day' })).toBe(
      `day,queries,input_tokens,output_tokens,errors\r\n${today},3,60,6,1\r\n`,
    );
  });
});
