import { ApiError } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import { createLogbook, entriesOf, entry, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'] });

describe('concurrent writes to one logbook', () => {
  it('keeps all 100 of 100 concurrent appends', async () => {
    const logbook = await createLogbook(t.alice.client);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', content: String(i) }),
      ),
    );

    expect(results.every((r) => r.modified_status)).toBe(true);
    expect(new Set(results.map((r) => r.index)).size).toBe(100);
    expect(new Set(results.map((r) => r.version)).size).toBe(100);
    expect(Math.max(...results.map((r) => r.index))).toBe(99);

    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(after.entry_count).toBe(100);
    expect(after.version).toBe(101);
    const entries = entriesOf(after);
    expect(entries).toHaveLength(100);
    expect(entries.every((e) => e.tag === 'comment')).toBe(true);
    const contents = entries.map((e) => Number(e.content)).sort((a, b) => a - b);
    expect(contents).toEqual(Array.from({ length: 100 }, (_, i) => i));

    // Each append landed at the index it reported.
    for (const [i, result] of results.entries()) {
      expect(entries[result.index]?.content).toBe(String(i));
    }
  });

  it('lets exactly one of two log replacements with the same version win; the other gets 409', async () => {
    const logbook = await createLogbook(t.alice.client, { log: '<comment>start</comment>' });
    const logs = ['first', 'second'].map((word) => serializeLog([entry('comment', word)]));
    const outcomes = await Promise.allSettled(
      logs.map((log) => t.alice.client.logbooks.updateLog(logbook.logid, { log, version: logbook.version })),
    );

    const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(ApiError);
    expect((lost[0] as ApiError).status).toBe(409);

    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(after.version).toBe(logbook.version + 1);
    expect(after.log).toBe(won[0]!.log);
    expect(entriesOf(after)).toHaveLength(1);
    expect(['first', 'second']).toContain(entriesOf(after)[0]?.content);
  });

  it('lets exactly one of two PUTs with the same version win', async () => {
    const logbook = await createLogbook(t.alice.client, { log: '<comment>start</comment>' });
    const outcomes = await Promise.allSettled(
      ['one', 'two'].map((word) =>
        t.alice.client.logbooks.update(logbook.logid, {
          title: word,
          log: serializeLog([entry('gen', word)]),
          version: logbook.version,
        }),
      ),
    );
    const statuses = outcomes.map((o) => (o.status === 'fulfilled' ? 200 : (o.reason as ApiError).status));
    expect(statuses.sort()).toEqual([200, 409]);

    const after = await t.alice.client.logbooks.get(logbook.logid);
    expect(entriesOf(after)).toEqual([entry('gen', after.title)]);
  });
});
