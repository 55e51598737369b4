import { createFakeWell, createLogbook, ORIGINS, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'], fake: true });

beforeEach(() => t.fake.reset());

const THINKING = 'The user greets me. A short friendly answer will do.';
const ANSWER = 'Hello! How can I help?';

/** A logbook whose well reasons, with the settings that make its provider show the thinking. */
async function reasoningLogbook(origin: string, settings: object = {}) {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: origin });
  const logbook = await createLogbook(t.alice.client, { logwell: well.wellid, memory: true });
  await t.alice.client.logbooks.patch(logbook.logid, { settings: settings as never });
  return logbook;
}

/** Asks through the stream, keeping the order in which thinking and text arrived. */
async function ask(logid: string, prompt: string) {
  const order: string[] = [];
  let thought = '';
  const data = await t.alice.client.queries.stream(
    { logid, prompt },
    {
      onReasoning: (text) => {
        order.push('reasoning');
        thought += text;
      },
      onDelta: () => order.push('delta'),
    },
  );
  return { data, thought, order };
}

describe("a reasoning model's thinking", () => {
  it.each([
    ['openai-compatible/deepseek-r1', {}],
    ['openai/o4-mini', { reasoning_effort: 'low' }],
    [ORIGINS.anthropic, { reasoning_effort: 'low' }],
    [ORIGINS.google, {}],
  ])(
    '%s: streams before the answer, is stored as a comment under the query, and is never sent back',
    async (origin, settings) => {
      const logbook = await reasoningLogbook(origin, settings);
      t.fake.enqueue({ kind: 'reply', text: ANSWER, reasoning: THINKING });
      const { data, thought, order } = await ask(logbook.logid, 'Hi there');

      expect(thought).toBe(THINKING);
      expect(order.indexOf('delta')).toBeGreaterThan(order.lastIndexOf('reasoning'));
      expect(data.gen).toBe(ANSWER);
      expect(data.reasoning).toMatchObject({
        tag: 'comment',
        content: THINKING,
        attrs: { kind: 'reasoning', qid: data.qid },
      });
      expect(data.reasoning?.attrs.seconds).toMatch(/^\d+$/);

      const { entries } = await t.alice.client.logbooks.entries(logbook.logid);
      const [query, comment, gen] = entries;
      expect(entries.map((e) => e.tag)).toEqual(['query', 'comment', 'gen']);
      // One line: the thinking follows its query, the answer follows the thinking.
      expect(comment).toMatchObject({ parent: query!.eid, attrs: { kind: 'reasoning' } });
      expect(gen).toMatchObject({ parent: comment!.eid, content: ANSWER });
      expect(data.reasoning?.index).toBe(1);
      expect(data.entry.index).toBe(2);

      // With memory on, the next question carries the conversation but not the thinking.
      await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'And again?' });
      const sent = t.fake.requests.at(-1)!;
      expect(sent.messages.map((m) => m.content)).toEqual(['Hi there', ANSWER, 'And again?']);
      expect(JSON.stringify(sent.body)).not.toContain('A short friendly answer');
    },
  );

  it('counts in the usage: estimated with the answer when the provider reports nothing', async () => {
    const logbook = await reasoningLogbook('openai-compatible/deepseek-r1');
    t.fake.enqueue({ kind: 'reply', text: ANSWER, reasoning: THINKING, reportUsage: false });
    const { data } = await ask(logbook.logid, 'Hi there');
    expect(data.usage.estimated).toBe(true);

    t.fake.enqueue({ kind: 'reply', text: ANSWER, reportUsage: false });
    const plain = await ask(logbook.logid, 'Hi there');
    expect(data.usage.output_tokens).toBeGreaterThan(plain.data.usage.output_tokens);
  });

  it('counts in the usage as the provider reports it', async () => {
    const logbook = await reasoningLogbook('openai-compatible/deepseek-r1');
    const before = (await t.alice.client.usage.get({ days: 1 })).totals.output_tokens;
    t.fake.enqueue({ kind: 'reply', text: ANSWER, reasoning: THINKING, outputTokens: 5 });
    const { data } = await ask(logbook.logid, 'Hi there');
    // The fake reports the answer's 5 tokens plus one per word of thinking, as the services do.
    expect(data.usage).toEqual({ input_tokens: expect.any(Number), output_tokens: 5 + 10 });
    const usage = await t.alice.client.usage.get({ days: 1 });
    expect(usage.totals.output_tokens - before).toBe(15);
  });

  it('keeps a regenerated answer and its thinking together, beside the first', async () => {
    const logbook = await reasoningLogbook('openai-compatible/deepseek-r1');
    t.fake.enqueue({ kind: 'reply', text: ANSWER, reasoning: THINKING });
    const first = await ask(logbook.logid, 'Hi there');
    t.fake.enqueue({ kind: 'reply', text: 'Hi!', reasoning: 'Shorter this time.' });
    await t.alice.client.queries.stream({ logid: logbook.logid, prompt: 'Hi there', qid: first.data.qid });

    const { entries } = await t.alice.client.logbooks.entries(logbook.logid);
    expect(entries.map((e) => e.content)).toEqual(['Hi there', 'Shorter this time.', 'Hi!']);
    const all = await t.alice.client.logbooks.entries(logbook.logid, { all: '1' });
    const thoughts = all.entries.filter((e) => e.tag === 'comment');
    expect(thoughts.map((e) => e.parent)).toEqual([entries[0]!.eid, entries[0]!.eid]);
    expect(entries[1]!.siblings).toHaveLength(2);
  });

  it('stores no comment when the model shows no thinking', async () => {
    const logbook = await reasoningLogbook('openai-compatible/deepseek-r1');
    const { data } = await ask(logbook.logid, 'Hi there');
    expect(data.reasoning).toBeUndefined();
    const { entries } = await t.alice.client.logbooks.entries(logbook.logid);
    expect(entries.map((e) => e.tag)).toEqual(['query', 'gen']);
  });
});
