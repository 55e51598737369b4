import { ApiClient } from '@caravanserai/api';
import { createFakeWell, eventually, TEST_POSTGRES_URL, useServer } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Db, openDb } from '../src/db/dialect.js';
import { REDIS_STOP_CHANNEL, STOP_CHANNEL } from '../src/modules/queries/stop-channel.js';
import {
  flushRedisPrefix,
  hearRedis,
  publishRedis,
  REDIS_UNREACHABLE,
  redisReachable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from './redis-helpers.js';

/**
 * Two servers on one database, as two replicas behind a load balancer: a Stop may reach either,
 * whichever runs the answer. On SQLite there is one process, and a Stop stops only its own calls.
 * On PostgreSQL the Stop is signalled with NOTIFY, or published on Redis with REDIS_URL; the
 * stored flag and the once-a-second check are the same either way.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const redisUp = await redisReachable();
if (!redisUp) console.warn(REDIS_UNREACHABLE);
const variants = [
  { signal: 'the database', redis: false, skip: false },
  { signal: redisUp ? 'Redis' : `Redis (skipped: ${REDIS_UNREACHABLE})`, redis: true, skip: !redisUp },
];

const TEXT = 'one two three four five six seven eight';
let sequence = 0;

for (const { signal, redis, skip } of variants) {
  describe.skipIf(skip)(`a Stop reaching another server process, signalled through ${signal}`, () => {
    const redisPrefix = testRedisPrefix();
    afterAll(async () => {
      if (redis) await flushRedisPrefix(redisPrefix);
    });
    const t = useServer({
      users: ['alice'],
      fake: true,
      overrides: redis ? { redisUrl: TEST_REDIS_URL, redisPrefix } : {},
    });
    let secondDb: Db;
    let second: App;
    let secondBase = '';

    beforeAll(async () => {
      const first = t.server.testDb.db;
      if (first.dialect === 'postgres') {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
          first.kysely,
        );
        secondDb = openDb({ databaseUrl: TEST_POSTGRES_URL, pgSchema: rows[0]!.schema });
      } else {
        secondDb = openDb({ databaseUrl: null, dataDir: t.server.testDb.dataDir });
      }
      second = await buildApp({ config: t.server.config, db: secondDb });
      secondBase = `${await second.listen({ port: 0, host: '127.0.0.1' })}${t.server.config.apiPrefix}`;
      // A stopped answer's tokens are estimated, and the first estimate loads the tokenizer (about a
      // second, a Stop on one process pays it too): paid here, the timings below measure the Stop.
      const { logid, qid, answer } = await slowAnswer();
      await t.alice.client.queries.cancel({ logid, qid });
      await answer;
    });

    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
    });

    beforeEach(() => t.fake.reset());

    /** A slow answer streaming through the first server, once its first words have arrived. */
    async function slowAnswer() {
      const well = await createFakeWell(t.alice.client, t.fake);
      const { logid } = await t.alice.client.logbooks.create({ title: 'stoppable', logwell: well.wellid });
      const qid = `replica${++sequence}`;
      t.fake.enqueue({ kind: 'reply', text: TEXT, chunks: 8, chunkDelayMs: 400 });
      let heard = '';
      const answer = t.alice.client.queries.stream(
        { logid, prompt: 'Count slowly', qid },
        {
          onDelta: (text) => {
            heard += text;
          },
        },
      );
      await eventually(async () => (heard !== '' ? true : undefined));
      return { logid, qid, answer };
    }

    const runningRows = (logid: string) =>
      t.server.testDb.db.kysely
        .selectFrom('running_queries')
        .selectAll()
        .where('logid', '=', logid)
        .execute();

    it('stops the answer where it runs within a second, storing what arrived, marked stopped', async () => {
      // With Redis, the Stop must travel there (heard on a connection of the test's own).
      const published = redis ? await hearRedis(redisPrefix + REDIS_STOP_CHANNEL) : null;
      try {
        const { logid, qid, answer } = await slowAnswer();
        const fromSecond = new ApiClient({ baseUrl: secondBase, token: t.alice.token });
        const asked = Date.now();
        const cancelled = await fromSecond.queries.cancel({ logid, qid });
        if (!onPostgres) {
          // One process: the other server knows nothing of the call, as before.
          expect(cancelled).toEqual({ cancelled: false });
          expect(await t.alice.client.queries.cancel({ logid, qid })).toEqual({ cancelled: true });
        } else {
          expect(cancelled).toEqual({ cancelled: true });
        }
        const { entry } = await answer;
        expect(Date.now() - asked).toBeLessThan(1000);
        expect(entry.attrs.stopped).toBe('true');
        expect(entry.content).not.toBe('');
        expect(TEXT.startsWith(entry.content)).toBe(true);
        expect(entry.content.length).toBeLessThan(TEXT.length);
        if (onPostgres) expect(await runningRows(logid)).toEqual([]);
        if (published) expect(published.heard).toEqual(onPostgres ? [`${logid}/${qid}`] : []);
      } finally {
        await published?.close();
      }
    });

    it('answers false when the query runs nowhere', async () => {
      const { logid } = await t.alice.client.logbooks.create({ title: 'idle' });
      const fromSecond = new ApiClient({ baseUrl: secondBase, token: t.alice.token });
      expect(await fromSecond.queries.cancel({ logid, qid: 'nowhere1' })).toEqual({ cancelled: false });
    });

    it.runIf(onPostgres)('is heard by the process running the call from the signal alone', async () => {
      const { logid, qid, answer } = await slowAnswer();
      // What a Stop on another process sends, without the flag it stores first.
      const payload = `${logid}/${qid}`;
      if (redis) await publishRedis(redisPrefix + REDIS_STOP_CHANNEL, payload);
      else await sql`select pg_notify(${STOP_CHANNEL}, ${payload})`.execute(t.server.testDb.db.kysely);
      const { entry } = await answer;
      expect(entry.attrs.stopped).toBe('true');
      expect(entry.content.length).toBeLessThan(TEXT.length);
    });

    it.runIf(onPostgres)('is caught by the running call itself when the signal was missed', async () => {
      const { logid, answer } = await slowAnswer();
      expect(await runningRows(logid)).toHaveLength(1);
      // What a Stop on another process writes, without the signal it sends.
      const asked = Date.now();
      await t.server.testDb.db.kysely
        .updateTable('running_queries')
        .set({ stop_requested: 1 })
        .where('logid', '=', logid)
        .execute();
      const { entry } = await answer;
      expect(Date.now() - asked).toBeLessThan(1500);
      expect(entry.attrs.stopped).toBe('true');
      expect(await runningRows(logid)).toEqual([]);
    });
  });
}
