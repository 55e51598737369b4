import { createFakeWell, eventually, sleep, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { caravanWith, sharedWell } from './caravans-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol'], fake: true });

beforeEach(() => t.fake.reset());

/** A new logbook as the create form makes it when no title is given: called 'Default'. */
async function untitled(client = t.alice.client, wellid?: string) {
  const logwell = wellid ?? (await createFakeWell(client, t.fake)).wellid;
  return client.logbooks.create({ logwell });
}

const usageOf = (logid: string) =>
  t.server.testDb.db.kysely.selectFrom('usage').select(['outcome']).where('logid', '=', logid).execute();

const titleOf = async (logid: string) => (await t.alice.client.logbooks.overview(logid)).title;

describe('naming a new logbook after its first answer', () => {
  it("asks its well for a short title once the answer is stored, and records the call's use", async () => {
    const logbook = await untitled();
    expect(logbook.title).toBe('Default');
    t.fake.enqueue({ kind: 'reply', text: 'Samarkand is two hours away by train.' });
    t.fake.enqueue({ kind: 'reply', text: '"Train to Samarkand."' });
    const answer = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'How far is Samarkand from Tashkent?',
    });
    expect(answer.data.gen).toBe('Samarkand is two hours away by train.');

    await eventually(async () =>
      (await titleOf(logbook.logid)) === 'Train to Samarkand' ? true : undefined,
    );
    const asked = t.fake.requests[1]!;
    expect(asked.messages).toHaveLength(1);
    expect(asked.messages[0]!.content).toContain('Write a short title, at most six words');
    expect(asked.messages[0]!.content).toContain('How far is Samarkand from Tashkent?');
    expect(asked.messages[0]!.content).toContain('Samarkand is two hours away by train.');
    await eventually(async () => ((await usageOf(logbook.logid)).length === 2 ? true : undefined));
    expect((await usageOf(logbook.logid)).map((u) => u.outcome)).toEqual(['ok', 'ok']);

    // Named once: the next answer asks nothing more.
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'And Bukhara?' });
    await sleep(200);
    expect(t.fake.requests).toHaveLength(3);
  });

  it('leaves a title the user gave alone, and so does a title written meanwhile', async () => {
    const well = await createFakeWell(t.alice.client, t.fake);
    const named = await t.alice.client.logbooks.create({ logwell: well.wellid, title: 'My trip' });
    await t.alice.client.queries.submit({ logid: named.logid, prompt: 'Hi' });
    await sleep(200);
    expect(t.fake.requests).toHaveLength(1);

    const logbook = await untitled(t.alice.client, well.wellid);
    t.fake.enqueue({ kind: 'reply', text: 'Hello!' });
    t.fake.enqueue({ kind: 'reply', text: 'Greetings', chunkDelayMs: 300, chunks: 2 });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hi' });
    await t.alice.client.logbooks.patch(logbook.logid, { title: 'Chosen by hand' });
    await eventually(async () => ((await usageOf(logbook.logid)).length === 2 ? true : undefined));
    expect(await titleOf(logbook.logid)).toBe('Chosen by hand');
  });

  it('is not done for a user who turned it off', async () => {
    await t.bob.client.auth.updateUser({ auto_titles: false });
    const logbook = await untitled(t.bob.client);
    await t.bob.client.queries.submit({ logid: logbook.logid, prompt: 'Hi' });
    await sleep(200);
    expect(t.fake.requests).toHaveLength(1);
    expect((await t.bob.client.logbooks.overview(logbook.logid)).title).toBe('Default');
  });

  it("is skipped when the caravan's quota would refuse it", async () => {
    const caravan = await caravanWith(t.alice, [t.carol]);
    const well = await sharedWell(t.alice, t.fake, caravan.caravan_id);
    await t.alice.client.caravans.setPolicy(caravan.caravan_id, { member_monthly_queries: 1 });
    const logbook = await untitled(t.carol.client, well.wellid);
    await t.carol.client.queries.submit({ logid: logbook.logid, prompt: 'Hi' });
    await sleep(200);
    expect(t.fake.requests).toHaveLength(1);
    expect((await t.carol.client.logbooks.overview(logbook.logid)).title).toBe('Default');
  });

  it('keeps the answer when the title call fails, and keeps the title', async () => {
    const logbook = await untitled();
    t.fake.enqueue({ kind: 'reply', text: 'Hello!' });
    t.fake.enqueue({ kind: 'error', status: 500, message: 'overloaded' });
    const answer = await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Hi' });
    expect(answer.data.gen).toBe('Hello!');
    await eventually(async () => ((await usageOf(logbook.logid)).length === 2 ? true : undefined));
    expect((await usageOf(logbook.logid)).map((u) => u.outcome).sort()).toEqual(['error', 'ok']);
    expect(await titleOf(logbook.logid)).toBe('Default');
  });
});
