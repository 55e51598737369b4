import { parseLog } from '@caravanserai/logbook';
import { createFakeWell, eventually, expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'], fake: true });

describe('a logbook salted while its answer streams', () => {
  it('ends the stream with an error event, stores no answer, and still records the usage', async () => {
    const well = await createFakeWell(t.alice.client, t.fake);
    const logbook = await t.alice.client.logbooks.create({
      title: 'frozen mid-answer',
      logwell: well.wellid,
    });
    t.fake.enqueue({ kind: 'reply', text: 'a b c d e', chunks: 5, chunkDelayMs: 120, outputTokens: 5 });
    let started = false;
    const streamed = t.alice.client.queries.stream(
      { logid: logbook.logid, prompt: 'Take your time' },
      {
        onDelta: () => {
          started = true;
        },
      },
    );
    await eventually(async () => (started ? true : undefined));
    await t.alice.client.logbooks.update(logbook.logid, { salted: true });

    const failure = await expectStatus(streamed, 502);
    expect(failure.detail).toBe('Error fetching response from AI.');
    expect(String(failure.reason)).toContain('salted');
    const tags = parseLog((await t.alice.client.logbooks.get(logbook.logid)).log).map((e) => e.tag);
    expect(tags).toEqual(['query']);
    const usage = await t.server.testDb.db.kysely
      .selectFrom('usage')
      .select(['outcome', 'output_tokens'])
      .where('logid', '=', logbook.logid)
      .execute();
    expect(usage).toEqual([{ outcome: 'ok', output_tokens: 5 }]);
  });
});
