import { createFakeWell, createLogbook, eventually, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const MAX = 60;
const t = useServer({ users: ['alice', 'bob'], fake: true, overrides: { maxAnswerChars: MAX } });

beforeEach(() => t.fake.reset());

const CONTINUE =
  'Continue exactly where your previous answer ended. Do not repeat anything already written and do not mention the interruption.';

async function logbook(origin = 'openai-compatible/llama3.2') {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: origin });
  return createLogbook(t.alice.client, { logwell: well.wellid, memory: true });
}

const usageOf = (logid: string) =>
  t.server.testDb.db.kysely
    .selectFrom('usage')
    .select(['outcome', 'output_tokens'])
    .where('logid', '=', logid)
    .execute();

describe('continuing an answer', () => {
  it.each(['openai-compatible/llama3.2', 'anthropic/claude-haiku-4-5', 'google/gemini-2.0-flash'])(
    '%s: an answer cut at the model length goes on from its text, joined into the same answer',
    async (origin) => {
      const { logid } = await logbook(origin);
      t.fake.enqueue({ kind: 'reply', text: 'Roses are red,', atLength: true, outputTokens: 4 });
      const first = await t.alice.client.queries.submit({ logid, prompt: 'A poem' });
      expect(first.data.entry.attrs.finish).toBe('length');

      t.fake.enqueue({ kind: 'reply', text: ' violets are blue.', outputTokens: 3 });
      const streamed: string[] = [];
      const joined = await t.alice.client.queries.stream(
        { logid, prompt: 'A poem', continues: first.data.entry.attrs.eid },
        { onDelta: (text) => streamed.push(text) },
      );
      // The model saw its own unfinished answer, then was asked to go on.
      expect(t.fake.requests.at(-1)?.messages.slice(-3)).toEqual([
        { role: 'user', content: 'A poem' },
        { role: 'assistant', content: 'Roses are red,' },
        { role: 'user', content: CONTINUE },
      ]);
      expect(streamed.join('')).toBe(' violets are blue.');
      expect(joined.gen).toBe('Roses are red, violets are blue.');
      expect(joined.entry.index).toBe(first.data.entry.index);
      expect(joined.entry.attrs).toMatchObject({ eid: first.data.entry.attrs.eid, output_tokens: '7' });
      expect(joined.entry.attrs.finish).toBeUndefined();

      const { entries } = await t.alice.client.logbooks.entries(logid);
      expect(entries.map((e) => [e.tag, e.content])).toEqual([
        ['query', 'A poem'],
        ['gen', 'Roses are red, violets are blue.'],
      ]);
      expect((await usageOf(logid)).map((u) => u.output_tokens).sort()).toEqual([3, 4]);
    },
  );

  it('goes on from a stopped answer', async () => {
    const { logid } = await logbook();
    t.fake.enqueue({ kind: 'reply', text: 'one two three four five six', chunks: 6, chunkDelayMs: 150 });
    let arrived = '';
    const streamed = t.alice.client.queries.stream(
      { logid, prompt: 'Count', qid: 'count001' },
      { onDelta: (text) => (arrived += text) },
    );
    await eventually(async () => (arrived !== '' ? true : undefined));
    await t.alice.client.queries.cancel({ logid, qid: 'count001' });
    const stopped = await streamed;
    expect(stopped.entry.attrs.stopped).toBe('true');

    t.fake.enqueue({ kind: 'reply', text: ' and the rest.' });
    const joined = await t.alice.client.queries.submit({
      logid,
      prompt: 'ignored',
      continues: stopped.entry.attrs.eid,
    });
    expect(joined.data.gen).toBe(`${stopped.gen} and the rest.`);
    expect(joined.data.entry.attrs.stopped).toBeUndefined();
  });

  it('keeps a joined answer within the cap, marked as cut again when it passes it', async () => {
    const { logid } = await logbook();
    t.fake.enqueue({ kind: 'reply', text: 'a'.repeat(40), atLength: true });
    const first = await t.alice.client.queries.submit({ logid, prompt: 'Long' });
    t.fake.enqueue({ kind: 'reply', text: 'b'.repeat(40) });
    const joined = await t.alice.client.queries.submit({
      logid,
      prompt: 'Long',
      continues: first.data.entry.attrs.eid,
    });
    expect(joined.data.gen.startsWith(`${'a'.repeat(40)}${'b'.repeat(20)}\n\n[Answer cut here`)).toBe(true);
    expect(joined.data.entry.attrs.truncated).toBe('true');

    // At the cap there is nothing left to add.
    const refused = await expectStatus(
      t.alice.client.queries.submit({ logid, prompt: 'Long', continues: first.data.entry.attrs.eid }),
      400,
    );
    expect(refused).toEqual({
      continues: ['This answer is already as long as this server keeps answers (60 characters).'],
    });
  });

  it('refuses in words what cannot be continued, storing and sending nothing', async () => {
    const { logid } = await logbook();
    const done = await t.alice.client.queries.submit({ logid, prompt: 'Hello' });
    const { entries } = await t.alice.client.logbooks.entries(logid);
    const cases: [string, string][] = [
      [done.data.entry.attrs.eid!, 'Only an answer that was stopped or cut short can be continued.'],
      [entries[0]!.eid, 'There is no answer with this eid in this logbook.'],
      ['zzzzzzzz', 'There is no answer with this eid in this logbook.'],
    ];
    t.fake.reset();
    for (const [eid, message] of cases) {
      const refused = await expectStatus(
        t.alice.client.queries.submit({ logid, prompt: 'Hello', continues: eid }),
        400,
      );
      expect(refused).toEqual({ continues: [message] });
    }
    expect(t.fake.requests).toHaveLength(0);
    expect((await t.alice.client.logbooks.get(logid)).version).toBe(done.data.version);
  });

  it("is the owner's to do", async () => {
    const { logid } = await logbook();
    t.fake.enqueue({ kind: 'reply', text: 'Half', atLength: true });
    const first = await t.alice.client.queries.submit({ logid, prompt: 'Hello' });
    await t.alice.client.logbooks.patch(logid, { private: false });
    await expectStatus(
      t.bob.client.queries.submit({ logid, prompt: 'Hello', continues: first.data.entry.attrs.eid }),
      403,
    );
  });
});
