import type { ApiClient, Logbook } from '@caravanserai/api';
import { createLogbook, eventually, expectStatus, type SignedIn, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { caravanWith, sharedWell } from './caravans-helpers.js';
import { useSecondProcess } from './second-process.js';

/**
 * Two servers on one database, as two replicas behind a load balancer: each has its own
 * connections and nothing in memory in common, so only the database can keep a quota.
 */
const t = useServer({ users: ['alice', 'bob'], fake: true });
const second = useSecondProcess(t);

beforeEach(() => t.fake.reset());

/** The member's client on the second server. */
const onSecond = (who: SignedIn) => second.client(who.token);

let sequence = 0;
async function setup(queries: number): Promise<{ caravanId: string; book: Logbook }> {
  const caravan = await caravanWith(t.alice, [t.bob], `Quota caravan ${++sequence}`);
  const well = await sharedWell(t.alice, t.fake, caravan.caravan_id);
  await t.alice.client.caravans.setPolicy(caravan.caravan_id, { member_monthly_queries: queries });
  return { caravanId: caravan.caravan_id, book: await createLogbook(t.bob.client, { logwell: well.wellid }) };
}

const reservations = () => t.server.testDb.db.kysely.selectFrom('query_reservations').selectAll().execute();

describe('a monthly query quota across server processes', () => {
  it('lets exactly the quota through when queries race on both servers; the refused call no provider', async () => {
    const { caravanId, book } = await setup(3);
    t.fake.setDefault({ kind: 'reply', text: 'A slow answer.', chunks: 4, chunkDelayMs: 60 });
    const ask = (client: ApiClient, n: number) =>
      n % 2
        ? client.queries.submit({ logid: book.logid, prompt: `Q${n}`, context: '' })
        : client.queries.stream({ logid: book.logid, prompt: `Q${n}`, context: '' });
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, n) => ask(n % 4 < 2 ? t.bob.client : onSecond(t.bob), n)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason.body).toMatchObject({ code: 'quota_exceeded' });
    expect(t.fake.requests).toHaveLength(3);
    expect((await t.alice.client.caravans.usage(caravanId)).totals.queries).toBe(3);
    expect(await reservations()).toEqual([]);
  });

  it('frees the unit of a query that failed, or was stopped before any answer', async () => {
    const { book } = await setup(1);
    t.fake.enqueue({ kind: 'error', status: 500, message: 'Down' });
    await expectStatus(
      onSecond(t.bob).queries.submit({ logid: book.logid, prompt: 'Fails', context: '' }),
      502,
    );
    expect(await reservations()).toEqual([]);

    t.fake.enqueue({ kind: 'hang' });
    const stopped = t.bob.client.queries.submit({ logid: book.logid, prompt: 'Wait', qid: 'quotastop1' });
    await eventually(async () => (t.fake.requests.length === 2 ? true : undefined));
    // While it runs, its reservation holds the last unit on the other server too.
    expect(await reservations()).toHaveLength(1);
    await expectStatus(onSecond(t.bob).queries.submit({ logid: book.logid, prompt: 'No', context: '' }), 403);
    await t.bob.client.queries.cancel({ logid: book.logid, qid: 'quotastop1' });
    await expectStatus(stopped, 409);
    expect(await reservations()).toEqual([]);

    t.fake.enqueue({ kind: 'reply', text: 'Counted.' });
    await onSecond(t.bob).queries.submit({ logid: book.logid, prompt: 'Counts', context: '' });
    await expectStatus(t.bob.client.queries.submit({ logid: book.logid, prompt: 'Over', context: '' }), 403);
    expect(t.fake.requests).toHaveLength(3);
  });

  it('stops counting a reservation its process left behind once it expires', async () => {
    const { caravanId, book } = await setup(1);
    const left = (expiresAt: number) =>
      t.server.testDb.db.kysely
        .insertInto('query_reservations')
        .values({
          id: `left${expiresAt}`,
          caravan_id: caravanId,
          user_id: t.bob.pk,
          created_at: 1,
          expires_at: expiresAt,
        })
        .execute();
    // A process died mid-query a moment ago: its reservation still holds the unit.
    await left(Date.now() + 60_000);
    await expectStatus(t.bob.client.queries.submit({ logid: book.logid, prompt: 'Held', context: '' }), 403);
    expect(t.fake.requests).toEqual([]);
    await t.server.testDb.db.kysely.deleteFrom('query_reservations').execute();
    // Long ago: it has expired, and the next admission clears it away.
    await left(Date.now() - 1);
    t.fake.enqueue({ kind: 'reply', text: 'Admitted.' });
    await onSecond(t.bob).queries.submit({ logid: book.logid, prompt: 'Free', context: '' });
    expect(t.fake.requests).toHaveLength(1);
    expect(await reservations()).toEqual([]);
  });
});
