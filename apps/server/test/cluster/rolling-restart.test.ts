import type { ApiClient } from '@caravanserai/api';
import { createFakeWell, createLogbook, sleep, storedEntries, useCluster } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

/**
 * Two server processes behind haproxy, restarted one after the other while clients keep reading,
 * writing and streaming answers through the proxy (DESIGN 9): a replica told to stop turns not
 * ready, the proxy's next check leaves it, it finishes what it was sent and exits 0.
 */
const c = useCluster({ replicas: 2, users: ['alice'], fake: true });

const ANSWER = 'A short answer in four pieces.';
const CLIENTS = 3;

interface Load {
  /** Operations that ended as they should, by kind. */
  done: { reads: number; writes: number; streams: number };
  failures: string[];
  stop(): Promise<void>;
}

/**
 * `CLIENTS` loops, each on a logbook of its own: read it, append a comment, stream a short answer
 * (its four pieces 100 ms apart), again and again until stopped. Every failure is kept, and so is
 * an answer that came back other than whole.
 */
function steadyLoad(client: ApiClient, logids: string[]): Load {
  const done = { reads: 0, writes: 0, streams: 0 };
  const failures: string[] = [];
  let running = true;
  const loop = async (logid: string) => {
    for (let round = 1; running; round++) {
      const step = async (kind: keyof typeof done, call: () => Promise<unknown>) => {
        try {
          await call();
          done[kind] += 1;
        } catch (error) {
          failures.push(`${kind} on ${logid}, round ${round}: ${String(error)}`);
        }
      };
      await step('reads', () => client.logbooks.get(logid));
      await step('writes', () => client.entries.write({ logid, tag: 'comment', content: `Note ${round}` }));
      await step('streams', async () => {
        const { entry } = await client.queries.stream({ logid, prompt: `Question ${round}`, context: '' });
        if (entry.content !== ANSWER || entry.attrs.stopped)
          throw new Error(`the answer came back as ${JSON.stringify(entry)}`);
      });
    }
  };
  const loops = logids.map(loop);
  return {
    done,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('a rolling restart of every replica', () => {
  it('under steady load fails no request and breaks no stream', { timeout: 300_000 }, async () => {
    const well = await createFakeWell(c.alice.client, c.fake);
    c.fake.setDefault({ kind: 'reply', text: ANSWER, chunks: 4, chunkDelayMs: 100 });
    const logids: string[] = [];
    for (let i = 0; i < CLIENTS; i++)
      logids.push((await createLogbook(c.alice.client, { logwell: well.wellid })).logid);

    const load = steadyLoad(c.alice.client, logids);
    const streamsBy = () => load.done.streams;
    try {
      for (const replica of c.cluster.replicas) {
        await sleep(1000);
        const oldPid = replica.pid;
        expect(await replica.kill('SIGTERM')).toBe(0);
        const gone = streamsBy();
        await replica.restart();
        expect(replica.pid).not.toBe(oldPid);
        // Answers went on coming through the other replica while this one was away.
        expect(streamsBy()).toBeGreaterThan(gone);
      }
      // Both replicas serve again once the last is back.
      const mark = c.cluster.served.length;
      await sleep(2000);
      expect(new Set(c.cluster.served.slice(mark).map((s) => s.replica))).toEqual(new Set(['r1', 'r2']));
    } finally {
      await load.stop();
    }

    expect(load.failures).toEqual([]);
    expect(load.done.streams).toBeGreaterThan(CLIENTS * 4);
    // Every write and every answer is stored, once.
    const stored = (await Promise.all(logids.map((logid) => storedEntries(c.alice.client, logid)))).flat();
    expect(stored.filter((e) => e.tag === 'comment')).toHaveLength(load.done.writes);
    expect(stored.filter((e) => e.tag === 'gen')).toHaveLength(load.done.streams);
    expect(stored.filter((e) => e.tag === 'gen' && e.content !== ANSWER)).toEqual([]);
  });
});
