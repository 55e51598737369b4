import { createFakeWell, createLogbook, ORIGINS, useServer } from '@caravanserai/test-kit';
import OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import { caravanWith, sharedWell } from './caravans-helpers.js';
import { gatewayClient, refusal, usageOf } from './gateway-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol', 'dave'], fake: true });
beforeEach(() => t.fake.reset());

const ask = (openai: OpenAI, model: string) =>
  openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'Which road to Merv?' }] });

describe('the gateway in a caravan', () => {
  it('lets a member use a shared well, counted in the caravan as a logbook query is', async () => {
    const caravan = await caravanWith(t.alice, [t.bob], 'Silk Road Traders');
    const well = await sharedWell(t.alice, t.fake, caravan.caravan_id, { title: 'Shared llama' });
    const { openai } = await gatewayClient(t.server, t.bob);

    const answer = await ask(openai, well.wellid);
    expect(answer.choices[0]?.message.content).toBe('Echo: Which road to Merv?');
    expect((await usageOf(t.server, t.bob.pk)).at(-1)).toMatchObject({
      wellid: well.wellid,
      caravan_id: caravan.caravan_id,
      outcome: 'ok',
    });
    // The leader's usage figures see it as one of the member's queries.
    const usage = await t.alice.client.caravans.usage(caravan.caravan_id, { group_by: 'member' });
    expect(usage.rows.find((r) => r.key === t.bob.username)).toMatchObject({ queries: 1 });

    // The models list names it, by wellid and by model; Alice's personal wells are not Bob's.
    const own = await createFakeWell(t.alice.client, t.fake, { title: 'Alice alone' });
    const ids = (await openai.models.list()).data.map((m) => m.id);
    expect(ids).toContain(well.wellid);
    expect(ids).toContain(ORIGINS['openai-compatible']);
    expect(ids).not.toContain(own.wellid);
    expect((await refusal(ask(openai, own.wellid))).status).toBe(404);
  });

  it('refuses a model the caravan does not allow (403), before any provider call, and does not list it', async () => {
    const caravan = await caravanWith(t.alice, [t.carol], 'Allow-list');
    const allowed = await sharedWell(t.alice, t.fake, caravan.caravan_id, { title: 'Allowed' });
    const barred = await sharedWell(t.alice, t.fake, caravan.caravan_id, {
      title: 'Barred',
      origin_loc: ORIGINS.openai,
    });
    await t.alice.client.caravans.setPolicy(caravan.caravan_id, { allowed_models: ['openai-compatible/*'] });
    const { openai } = await gatewayClient(t.server, t.carol);
    const before = (await usageOf(t.server, t.carol.pk)).length;

    for (const model of [barred.wellid, ORIGINS.openai]) {
      const error = await refusal(ask(openai, model));
      expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect(error.status).toBe(403);
      expect(error.code).toBe('policy_model');
      expect(error.message).toContain(
        `The model "${ORIGINS.openai}" is not allowed in caravan "Allow-list".`,
      );
    }
    expect(t.fake.requests).toEqual([]);
    expect((await usageOf(t.server, t.carol.pk)).length).toBe(before);

    const ids = (await openai.models.list()).data.map((m) => m.id);
    expect(ids).toContain(allowed.wellid);
    expect(ids).not.toContain(barred.wellid);
    expect(ids).not.toContain(ORIGINS.openai);
  });

  it('answers a reached quota with 429 in OpenAI shape, which the client raises as RateLimitError', async () => {
    const caravan = await caravanWith(t.alice, [t.dave], 'Quota');
    const well = await sharedWell(t.alice, t.fake, caravan.caravan_id, { title: 'Rationed' });
    await t.alice.client.caravans.setPolicy(caravan.caravan_id, { member_monthly_queries: 2 });
    // A logbook query and a gateway call count alike against one quota.
    const book = await createLogbook(t.dave.client, { logwell: well.wellid });
    await t.dave.client.queries.submit({ logid: book.logid, prompt: 'First', context: '' });
    const { openai, key } = await gatewayClient(t.server, t.dave);
    await ask(openai, well.wellid);
    const count = t.fake.requests.length;
    const rows = (await usageOf(t.server, t.dave.pk)).length;

    const error = await refusal(ask(openai, well.wellid));
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.status).toBe(429);
    expect(error.error).toEqual({
      message: 'Monthly query quota of 2 reached in caravan "Quota".',
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    });
    expect(error.headers?.get('x-should-retry')).toBe('false');
    // Streaming alike; and a client left to retry does not (the answer says not to).
    const retrying = new OpenAI({ apiKey: key, baseURL: `${t.server.origin}/v1` });
    const streamed = await refusal(
      retrying.chat.completions.create({
        model: well.wellid,
        stream: true,
        messages: [{ role: 'user', content: 'again' }],
      }),
    );
    expect(streamed.status).toBe(429);
    expect(t.fake.requests.length).toBe(count);
    expect((await usageOf(t.server, t.dave.pk)).length).toBe(rows);
  });
});
