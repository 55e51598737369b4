import { readFile } from 'node:fs/promises';
import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/imports/fixtures.js';
import { importFile } from './import-helpers.js';

const t = useServer({ users: ['dave'] });

describe('branched conversations', () => {
  it('keeps every branch of a ChatGPT conversation, opens it where the export was left, and takes new branches on re-import', async () => {
    const raw = JSON.parse(await readFile(fixture('chatgpt-conversations.json'), 'utf8')) as Record<
      string,
      unknown
    >[];
    const tomato = raw[0] as { mapping: Record<string, Record<string, unknown>>; current_node: string };
    const file = (conversation: unknown) => Buffer.from(JSON.stringify([conversation]));
    const job = await importFile(t.server, t.dave, file(tomato), { filename: 'conversations.json' });
    expect(job).toMatchObject({ status: 'done', format: 'chatgpt' });
    const logid = job.imported[0]!.logid;
    const all = await t.dave.client.logbooks.entries(logid, { all: '1' });
    expect(all.total).toBe(13);
    expect(all.entries.map((e) => e.content)).toContain('Old answer that was replaced.');
    const page = await t.dave.client.logbooks.entries(logid, {});
    expect(page.entries.at(-1)?.content).toBe('Use about 4 ml of baking soda per litre.\uFFFD');
    expect(page.entries.map((e) => e.content)).not.toContain('Old answer that was replaced.');
    const edited = page.entries.find((e) => e.content.startsWith('How do I treat it organically'));
    expect(edited?.siblings).toHaveLength(2);

    // The same file again: nothing new. Grown by a regenerated answer: that answer only, as a branch.
    expect(
      await importFile(t.server, t.dave, file(tomato), { filename: 'conversations.json' }),
    ).toMatchObject({
      duplicates: 1,
    });
    const regenerated = {
      id: 'a2-again',
      author: { role: 'assistant' },
      create_time: 1700000060,
      content: { content_type: 'text', parts: ['Or try a copper spray.'] },
      metadata: { model_slug: 'o3' },
    };
    const grown = {
      ...tomato,
      current_node: 'a2-again',
      mapping: {
        ...tomato.mapping,
        'a2-again': { id: 'a2-again', parent: 'recap', children: [], message: regenerated },
      },
    };
    expect(await importFile(t.server, t.dave, file(grown), { filename: 'conversations.json' })).toMatchObject(
      {
        updated: 1,
      },
    );
    const after = await t.dave.client.logbooks.entries(logid, {});
    expect(after.total).toBe(page.total);
    expect(after.entries.at(-1)).toMatchObject({
      content: 'Or try a copper spray.',
      siblings: expect.any(Array),
    });
    expect(after.entries.at(-1)?.siblings).toHaveLength(2);
    expect((await t.dave.client.logbooks.entries(logid, { all: '1' })).total).toBe(14);
    // The new answer answers the stored question: the same qid, so Regenerate finds it.
    const question = after.entries.find((e) => e.content.startsWith('How do I treat it organically'));
    expect(after.entries.at(-1)?.attrs.qid).toBe(question?.attrs.qid);
  });

  it('takes the first branch of a conversation imported before it had any', async () => {
    const node = (id: string, parent: string | null, role: string, text: string, at: number) => ({
      id,
      parent,
      children: [],
      message: { id, author: { role }, create_time: at, content: { content_type: 'text', parts: [text] } },
    });
    const conversation = (mapping: Record<string, unknown>, current_node: string) => ({
      conversation_id: 'conv-first-branch',
      title: 'Spices',
      mapping: { root: { id: 'root', parent: null, children: [] }, ...mapping },
      current_node,
    });
    const linear = conversation(
      { q1: node('q1', 'root', 'user', 'Which spice?', 1), a1: node('a1', 'q1', 'assistant', 'Saffron.', 2) },
      'a1',
    );
    const file = (c: unknown) => Buffer.from(JSON.stringify([c]));
    const first = await importFile(t.server, t.dave, file(linear), { filename: 'conversations.json' });
    const logid = first.imported[0]!.logid;
    // Edited in the source: a second wording of the question, with its own answer.
    const branched = conversation(
      {
        ...linear.mapping,
        q1b: node('q1b', 'root', 'user', 'Which spice is dearest?', 3),
        a1b: node('a1b', 'q1b', 'assistant', 'Saffron, by weight.', 4),
      },
      'a1b',
    );
    const again = await importFile(t.server, t.dave, file(branched), { filename: 'conversations.json' });
    expect(again).toMatchObject({ updated: 1, imported: [] });
    const all = await t.dave.client.logbooks.entries(logid, { all: '1' });
    expect(all.entries.map((e) => [e.content, e.parent === null])).toEqual([
      ['Which spice?', true],
      ['Saffron.', false],
      ['Which spice is dearest?', true],
      ['Saffron, by weight.', false],
    ]);
    const page = await t.dave.client.logbooks.entries(logid, {});
    expect(page.entries.map((e) => e.content)).toEqual(['Which spice is dearest?', 'Saffron, by weight.']);
    expect(page.entries[0]?.siblings).toHaveLength(2);
  });
});
