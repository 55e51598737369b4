import { readFile } from 'node:fs/promises';
import { toJson } from '@caravanserai/logbook';
import { entry, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/imports/fixtures.js';
import { importFile } from './import-helpers.js';

const t = useServer({ users: ['dave'] });

/** A ChatGPT mapping node holding one text message. */
const node = (id: string, parent: string | null, role: string, text: string, at: number) => ({
  id,
  parent,
  children: [],
  message: { id, author: { role }, create_time: at, content: { content_type: 'text', parts: [text] } },
});

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

  it('keeps three edits of one question as three siblings: all eleven messages, the head at current_node', async () => {
    // One question asked three ways, each answered; the second way went on a turn, whose answer
    // was regenerated once. current_node is neither the newest message nor the last in the file.
    const mapping = {
      root: { id: 'root', parent: null, children: [] },
      q1: node('q1', 'root', 'user', 'Pick a fruit.', 1),
      a1: node('a1', 'q1', 'assistant', 'An apple.', 2),
      q2a: node('q2a', 'a1', 'user', 'Why that one?', 3),
      a2a: node('a2a', 'q2a', 'assistant', 'It keeps.', 4),
      q2b: node('q2b', 'a1', 'user', 'Why an apple?', 5),
      a2b: node('a2b', 'q2b', 'assistant', 'It is crisp.', 6),
      q3: node('q3', 'a2b', 'user', 'Which kind?', 7),
      a3: node('a3', 'q3', 'assistant', 'A russet.', 8),
      a3again: node('a3again', 'q3', 'assistant', 'A pippin.', 11),
      q2c: node('q2c', 'a1', 'user', 'Why not a pear?', 9),
      a2c: node('a2c', 'q2c', 'assistant', 'Pears bruise.', 10),
    };
    const conversation = { conversation_id: 'conv-three-ways', title: 'Fruit', mapping, current_node: 'a3' };
    const job = await importFile(t.server, t.dave, Buffer.from(JSON.stringify([conversation])), {
      filename: 'conversations.json',
    });
    expect(job).toMatchObject({ status: 'done', format: 'chatgpt', skipped: [] });
    const logid = job.imported[0]!.logid;

    const all = await t.dave.client.logbooks.entries(logid, { all: '1' });
    expect(all.total).toBe(11);
    expect(all.entries.map((e) => e.content).sort()).toEqual(
      Object.values(mapping)
        .flatMap((n) => ('message' in n ? [n.message.content.parts[0]!] : []))
        .sort(),
    );
    const page = await t.dave.client.logbooks.entries(logid, {});
    expect(page.entries.map((e) => e.content)).toEqual([
      'Pick a fruit.',
      'An apple.',
      'Why an apple?',
      'It is crisp.',
      'Which kind?',
      'A russet.',
    ]);
    expect(page.head).toBe(page.entries.at(-1)!.eid);
    expect((await t.dave.client.logbooks.get(logid)).head).toBe(page.head);
    const asked = page.entries[2]!;
    expect(asked.siblings).toHaveLength(3);
    const byEid = new Map(all.entries.map((e) => [e.eid, e.content]));
    expect(asked.siblings.map((eid) => byEid.get(eid)).sort()).toEqual(
      ['Why an apple?', 'Why not a pear?', 'Why that one?'].sort(),
    );
    expect(page.entries[5]!.siblings.map((eid) => byEid.get(eid)).sort()).toEqual(['A pippin.', 'A russet.']);
  });

  it('reads the head of our own JSON export: the logbook opens on the branch it was left on', async () => {
    const entries = [
      entry('query', 'Which road?', { qid: 'q3333333', eid: 'roadq111' }),
      entry('gen', 'The northern one.', { qid: 'q3333333', eid: 'north111' }),
      entry('query', 'How long?', { qid: 'q4444444', eid: 'longq111' }),
      entry('gen', 'Ten days.', { qid: 'q4444444', eid: 'tendy111' }),
      entry('gen', 'The southern one.', { qid: 'q3333333', eid: 'south111', parent: 'roadq111' }),
    ];
    // Left on the northern branch's end, which is neither the last entry nor the newest leaf.
    const exported = toJson(entries, { title: 'Roads', head: 'tendy111' });
    expect(JSON.parse(exported)).toMatchObject({ head: 'tendy111' });
    const job = await importFile(t.server, t.dave, exported, { filename: 'roads.json' });
    expect(job).toMatchObject({ status: 'done', format: 'caravanserai-json', skipped: [] });
    const logid = job.imported[0]!.logid;
    expect((await t.dave.client.logbooks.get(logid)).head).toBe('tendy111');
    const page = await t.dave.client.logbooks.entries(logid, {});
    expect(page.entries.map((e) => e.content)).toEqual([
      'Which road?',
      'The northern one.',
      'How long?',
      'Ten days.',
    ]);
    expect((await t.dave.client.logbooks.entries(logid, { all: '1' })).total).toBe(5);

    // Without a head (an export from before trees had one), the last entry's branch.
    const { head: _head, ...older } = JSON.parse(exported) as Record<string, unknown>;
    const again = await importFile(t.server, t.dave, JSON.stringify(older), { filename: 'roads-old.json' });
    const olderPage = await t.dave.client.logbooks.entries(again.imported[0]!.logid, {});
    expect(olderPage.entries.map((e) => e.content)).toEqual(['Which road?', 'The southern one.']);
  });
});
