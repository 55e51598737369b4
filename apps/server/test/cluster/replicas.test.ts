import { pathOf, type QueryResult, routes } from '@caravanserai/api';
import { type FakeProvider, startFakeProvider } from '@caravanserai/fake-provider';
import {
  createFakeWell,
  createLogbook,
  eventually,
  expectStatus,
  TEST_API_KEY,
  useCluster,
} from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Three server processes started at once on an empty PostgreSQL database, behind haproxy (round
 * robin, 30 s idle timeout), each test talking through the proxy with the API client as a user
 * would (DESIGN 9). One cluster serves the whole file: no test here changes what another sees.
 */

// The slow answer's provider, apart from the other tests' (whose scripts it would otherwise take).
let slowFake: FakeProvider;
beforeAll(async () => {
  slowFake = await startFakeProvider();
});
afterAll(() => slowFake?.close());

const c = useCluster({
  replicas: 3,
  users: ['alice'],
  fake: true,
  proxy: { idleTimeoutMs: 30_000 },
  env: () => ({ WELL_ALLOWED_HOSTS: new URL(slowFake.url).host }),
});

const FIRST_TOKEN_AFTER_MS = 45_000;
const SLOW_TEXT = 'Worth the wait.';

/**
 * An answer whose first token comes 45 s after the question, started here and read to its end by
 * the last test: it holds one connection through the proxy while the other tests run, which
 * changes nothing they look at, and the file does not wait 45 s more for it.
 */
let slow: Promise<{ result: QueryResult['data']; tookMs: number }>;
beforeAll(async () => {
  const well = await createFakeWell(c.alice.client, slowFake);
  const book = await createLogbook(c.alice.client, { logwell: well.wellid });
  slowFake.enqueue({ kind: 'reply', text: SLOW_TEXT, chunks: 1, chunkDelayMs: FIRST_TOKEN_AFTER_MS });
  const asked = Date.now();
  slow = c.alice.client.queries
    .stream({ logid: book.logid, prompt: 'Take your time.', context: '' })
    .then((result) => ({ result, tookMs: Date.now() - asked }));
  // Read by the last test; until then a failure must not count as unhandled.
  slow.catch(() => undefined);
  await eventually(async () => (slowFake.requests.length === 1 ? true : undefined), 30_000);
});

/** The replicas that answered the requests to `path` since `mark` (an index into `served`). */
function servedSince(mark: number, path?: string): string[] {
  return c.cluster.served
    .slice(mark)
    .filter((s) => path === undefined || s.path.startsWith(`/api${path}`))
    .map((s) => s.replica);
}

describe('three replicas behind a round-robin proxy', () => {
  it('started at once on an empty database, migrate it once and each end ready', async () => {
    for (const replica of c.cluster.replicas) {
      const res = await fetch(`${replica.url}/readyz`);
      expect({ replica: replica.name, status: res.status, body: await res.json() }).toEqual({
        replica: replica.name,
        status: 200,
        body: { status: 'ready' },
      });
    }
    const rows = await c.cluster.query<{ name: string; times: number }>(
      'select name, count(*)::int as times from kysely_migration group by name order by name',
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.times !== 1)).toEqual([]);
  });

  it('take requests in turn', async () => {
    const mark = c.cluster.served.length;
    for (let i = 0; i < 6; i++) await c.alice.client.auth.user();
    // Only these calls: the slow answer's request is noted when its answer begins, which may be now.
    const order = servedSince(mark, pathOf(routes.auth.user));
    expect(new Set(order)).toEqual(new Set(['r1', 'r2', 'r3']));
    expect(order.slice(3)).toEqual(order.slice(0, 3));
  });

  it('answer a query through one replica with a well created through another', async () => {
    c.fake.reset();
    const mark = c.cluster.served.length;
    const well = await createFakeWell(c.alice.client, c.fake);
    const book = await createLogbook(c.alice.client, { logwell: well.wellid });
    const { data } = await c.alice.client.queries.submit({ logid: book.logid, prompt: 'Hello', context: '' });
    expect(data.entry.content).toBe('Echo: Hello');
    const [created] = servedSince(mark, pathOf(routes.wells.create));
    const [asked] = servedSince(mark, pathOf(routes.queries.submit));
    expect(created).toMatch(/^r\d$/);
    expect(asked).toMatch(/^r\d$/);
    expect(asked).not.toBe(created);
    // The key sealed by one replica was opened by another: they share SECRET_KEY.
    expect(c.fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TEST_API_KEY}`]);
  });

  it('refuse a replica started with another SECRET_KEY on the same database, naming the setting', async () => {
    const other = c.cluster.spawn({ SECRET_KEY: 'another-secret-key-0123456789abcdef' });
    expect(await other.exited).toBe(1);
    expect(other.output()).toContain(
      'SECRET_KEY is not the key this database was set up with: every server process on one database must be given the same SECRET_KEY',
    );
    expect(other.output()).not.toContain('Caravanserai is running');
  });

  it('end a stream as cancelled within a second when the Stop reaches another replica; the provider sees the abort', async () => {
    c.fake.reset();
    const well = await createFakeWell(c.alice.client, c.fake);
    const book = await createLogbook(c.alice.client, { logwell: well.wellid });
    // The first words would come 2 s after the call: the Stop comes before them.
    c.fake.enqueue({ kind: 'reply', text: 'one two three four', chunks: 4, chunkDelayMs: 2000 });
    const mark = c.cluster.served.length;
    const answer = c.alice.client.queries.stream({
      logid: book.logid,
      prompt: 'Count slowly',
      qid: 'stopme01',
    });
    answer.catch(() => undefined);
    await eventually(async () => (c.fake.requests.length === 1 ? true : undefined), 15_000);

    const asked = Date.now();
    expect(await c.alice.client.queries.cancel({ logid: book.logid, qid: 'stopme01' })).toEqual({
      cancelled: true,
    });
    expect(await expectStatus(answer, 409)).toMatchObject({ code: 'cancelled' });
    expect(Date.now() - asked).toBeLessThan(1000);

    const [streamed] = servedSince(mark, pathOf(routes.queries.stream));
    const [stopped] = servedSince(mark, pathOf(routes.queries.cancel));
    expect(stopped).not.toBe(streamed);
    // The replica running the call hung up on the provider, which noticed at its next word.
    await eventually(async () => c.fake.requests[0]?.delivery);
    expect(c.fake.requests[0]?.delivery).toEqual({ chunksSent: 0, complete: false });
  });

  it('refuse the 21st login attempt in a minute, whichever replicas the attempts reach', async () => {
    const anonymous = c.cluster.client();
    const attempt = (password: string) => anonymous.auth.login({ username: c.alice.username, password });
    const mark = c.cluster.served.length;
    for (let i = 1; i <= 20; i++) await expectStatus(attempt(`wrong-password-${i}`), 400);
    await expectStatus(attempt('wrong-password-21'), 429);
    expect(new Set(servedSince(mark, pathOf(routes.auth.login)))).toEqual(new Set(['r1', 'r2', 'r3']));
    // The right password is refused too until the minute is over.
    await expectStatus(
      anonymous.auth.login({ username: c.alice.username, password: 'correct-horse-battery' }),
      429,
    );
  });

  it('keep a stream whose first token comes after 45 s through a proxy that cuts 30 s of silence', {
    timeout: FIRST_TOKEN_AFTER_MS + 60_000,
  }, async () => {
    expect(c.cluster.proxy.idleTimeoutMs).toBeLessThan(FIRST_TOKEN_AFTER_MS);
    const { result, tookMs } = await slow;
    expect(result.entry.content).toBe(SLOW_TEXT);
    expect(result.entry.attrs.stopped).toBeUndefined();
    expect(tookMs).toBeGreaterThanOrEqual(FIRST_TOKEN_AFTER_MS);
    expect(slowFake.requests[0]?.delivery).toEqual({ chunksSent: 1, complete: true });
  });
});
