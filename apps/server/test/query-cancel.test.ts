import { parseLog } from '@caravanserai/logbook';
import { createFakeWell, eventually, expectStatus, type SignedIn, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });

async function logbookWithWell(owner: SignedIn) {
  const well = await createFakeWell(owner.client, t.fake);
  return owner.client.logbooks.create({ title: 'stoppable', logwell: well.wellid, private: false });
}

describe('stopping a query', () => {
  it('stops a streamed answer: the query stays, no answer is stored, usage says cancelled', async () => {
    const logbook = await logbookWithWell(t.alice);
    t.fake.enqueue({ kind: 'reply', text: 'one two three four five six', chunks: 6, chunkDelayMs: 150 });
    let qid = '';
    const streamed = t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'Count slowly', qid: 'stopme01' },
      {
        onQuery: (q) => {
          qid = q.qid;
        },
      },
    );
    await eventually(async () => (qid === 'stopme01' ? true : undefined));
    expect(await t.alice.client.queries.cancel({ logid: logbook.logid, qid })).toEqual({ cancelled: true });
    const failure = await expectStatus(streamed, 409);
    expect(failure.detail).toBe('Query cancelled.');

    const entries = parseLog((await t.alice.client.logbooks.get(logbook.logid)).log);
    expect(entries.map((e) => e.tag)).toEqual(['query']);
    const usage = await t.server.testDb.db.kysely
      .selectFrom('usage')
      .select('outcome')
      .where('logid', '=', logbook.logid)
      .execute();
    expect(usage.map((u) => u.outcome)).toEqual(['cancelled']);
  });

  it('stops a non-streamed answer with 409', async () => {
    const logbook = await logbookWithWell(t.alice);
    t.fake.enqueue({ kind: 'hang' });
    const submitted = t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Wait',
      qid: 'stopme02',
    });
    await eventually(async () =>
      t.fake.requests.some((r) => r.messages.at(-1)?.content === 'Wait') ? true : undefined,
    );
    expect(await t.alice.client.queries.cancel({ logid: logbook.logid, qid: 'stopme02' })).toEqual({
      cancelled: true,
    });
    expect((await expectStatus(submitted, 409)).detail).toBe('Query cancelled.');
  });

  it('says so when nothing is running, and lets only the owner stop', async () => {
    const logbook = await logbookWithWell(t.alice);
    expect(await t.alice.client.queries.cancel({ logid: logbook.logid, qid: 'idle0001' })).toEqual({
      cancelled: false,
    });
    await expectStatus(t.bob.client.queries.cancel({ logid: logbook.logid, qid: 'idle0001' }), 403);
    await expectStatus(t.server.client().queries.cancel({ logid: logbook.logid, qid: 'idle0001' }), 401);
  });
});
