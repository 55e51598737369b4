import { type LogbookVersion, readSse, type SseEvent } from '@caravanserai/api';
import { createFakeWell, createLogbook, eventually, useCluster } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

/**
 * What a page hears across replicas (DESIGN 9): a logbook's changes written through one replica
 * reach a page listening on another, and an answer stream cut on one is resumed on another with
 * `Last-Event-ID`. Two server processes on one PostgreSQL database behind haproxy.
 */
const c = useCluster({ replicas: 2, users: ['alice'], fake: true });

const TEXT = 'one two three four five six seven eight';

describe('two replicas', () => {
  it('tell a page listening on one of a write made through the other within a second', async () => {
    const [first, second] = c.cluster.replicas;
    const book = await createLogbook(c.alice.client, { title: 'Heard across' });
    const heard: LogbookVersion[] = [];
    const listening = new AbortController();
    const ended = first!
      .client(c.alice.token)
      .logbooks.listen(book.logid, (marker) => heard.push(marker), listening.signal);
    ended.catch(() => undefined);
    try {
      await eventually(async () => heard[0]);
      const written = await second!
        .client(c.alice.token)
        .entries.write({ logid: book.logid, tag: 'comment', content: 'From the other replica.' });
      const asked = Date.now();
      await eventually(async () => heard.find((marker) => marker.version === written.version), 5000);
      expect(Date.now() - asked).toBeLessThan(1000);
    } finally {
      listening.abort();
    }
  });

  it('send the rest of an answer cut on one replica to a reconnect with Last-Event-ID on the other', async () => {
    const [first, second] = c.cluster.replicas;
    const well = await createFakeWell(c.alice.client, c.fake);
    const book = await createLogbook(c.alice.client, { logwell: well.wellid });
    c.fake.enqueue({ kind: 'reply', text: TEXT, chunks: 8, chunkDelayMs: 100 });
    const cut = new AbortController();
    const response = await fetch(`${first!.url}/api/journals/query/stream/`, {
      method: 'POST',
      headers: { Authorization: `Token ${c.alice.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ logid: book.logid, prompt: 'Count', qid: 'cutacross1' }),
      signal: cut.signal,
    });
    const before: SseEvent[] = [];
    for await (const event of readSse(response.body!)) {
      before.push(event);
      if (before.length === 3) break;
    }
    cut.abort();

    const resumed = await fetch(
      `${second!.url}/api/journals/query/stream/?logid=${book.logid}&qid=cutacross1`,
      { headers: { Authorization: `Token ${c.alice.token}`, 'Last-Event-ID': before.at(-1)!.id! } },
    );
    expect(resumed.status).toBe(200);
    const after: SseEvent[] = [];
    for await (const event of readSse(resumed.body!)) after.push(event);
    const all = [...before, ...after];
    expect(all.map((event) => Number(event.id))).toEqual(all.map((_, i) => i + 1));
    expect(after.at(-1)!.event).toBe('done');
    const text = all
      .filter((event) => event.event === 'delta')
      .map((event) => (JSON.parse(event.data) as { text: string }).text)
      .join('');
    expect(text).toBe(TEXT);
  });
});
