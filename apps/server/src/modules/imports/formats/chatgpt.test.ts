import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { activePath, treeOf, treeProblem } from '@caravanserai/logbook';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brief,
  conversationOf as conversation,
  fixture,
  readAll,
  tempDir,
  writeZip,
} from '../../../../test/fixtures/imports/fixtures.js';
import { readChatGptConversation } from './chatgpt.js';
import type { ReadItem, SourceConversation } from './conversation.js';
import { CutOffError } from './cut-off.js';
import { SNIFF_BYTES } from './json-shape.js';
import { openExport } from './open-export.js';

/** The entries of the conversation's active path: what the export showed last. */
function onScreen(conversation: SourceConversation) {
  const path = activePath(treeOf(conversation.entries), conversation.head);
  return path.map((index) => conversation.entries[index]!);
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

describe('ChatGPT export', () => {
  it('follows current_node up to the root, never the mapping order or the times', async () => {
    const { format, items } = await readAll(fixture('chatgpt-conversations.json'));
    expect(format).toBe('chatgpt');
    expect(items).toHaveLength(4);
    const tomato = conversation(items[0]);
    expect(tomato.source_id).toBe('chatgpt:conv-tomato');
    expect(tomato.created_at).toBe('2023-11-14T22:13:20.123Z');
    expect(tomato.modified_at).toBe('2023-11-14T22:14:10.000Z');
    expect(brief(onScreen(tomato))).toEqual([
      ['context', expect.stringContaining('I am a gardener.')],
      ['comment', '[File not included in the export: garden-notes.pdf]'],
      ['comment', '[Image not included in the export: leaf.jpg]'],
      ['query', 'What is wrong with this tomato leaf?'],
      ['gen', 'It looks like early blight.'],
      ['query', 'How do I treat it organically? Show the dilution.'],
      ['comment', 'Working out the dilution\nBaking soda at 1 tablespoon per gallon.'],
      ['code', 'print(15 / 3.785)'],
      ['shell', '3.9630118890356667'],
      ['comment', 'Thought for 12 seconds'],
      ['gen', 'Use about 4 ml of baking soda per litre.\uFFFD'],
    ]);
    expect(tomato.entries[0]?.content).toContain('Be brief.');
    expect(JSON.stringify(onScreen(tomato))).not.toContain('replaced');
  });

  it('gives each answer its question qid, its time, model and message id', async () => {
    const { items } = await readAll(fixture('chatgpt-conversations.json'));
    const [, , , query1, gen1, query2, , code, , , gen2] = onScreen(conversation(items[0]));
    expect(query1?.attrs).toEqual({
      qid: expect.stringMatching(/^[a-z0-9]{8}$/),
      created: '2023-11-14T22:13:20.250Z',
      source_msg: 'u1',
      eid: expect.stringMatching(/^[a-z][a-z0-9]{7}$/),
    });
    expect(gen1?.attrs).toEqual({
      qid: query1?.attrs.qid,
      created: '2023-11-14T22:13:30.000Z',
      model: 'gpt-4o',
      source_msg: 'a1',
      eid: expect.stringMatching(/^[a-z][a-z0-9]{7}$/),
    });
    expect(gen2?.attrs.qid).toBe(query2?.attrs.qid);
    expect(query2?.attrs.qid).not.toBe(query1?.attrs.qid);
    expect(gen2?.attrs.model).toBe('o3');
    expect(code?.attrs).toEqual({
      created: '2023-11-14T22:14:02.000Z',
      source_msg: 'code',
      eid: code?.attrs.eid,
    });
  });

  it('keeps the edited question and its answer as a branch, with the head where the export was left', async () => {
    const { items } = await readAll(fixture('chatgpt-conversations.json'));
    const tomato = conversation(items[0]);
    expect(treeProblem(tomato.entries)).toBeNull();
    // The branch left behind: the first wording of the question, and its answer.
    const old = tomato.entries.filter((e) => e.attrs.source_msg?.endsWith('-old'));
    expect(brief(old)).toEqual([
      ['query', 'How do I treat it?'],
      ['gen', 'Old answer that was replaced.'],
    ]);
    const answer = tomato.entries.find((e) => e.attrs.source_msg === 'a1');
    expect(old[0]?.attrs.parent ?? tomato.entries[tomato.entries.indexOf(old[0]!) - 1]?.attrs.eid).toBe(
      answer?.attrs.eid,
    );
    expect(old[1]?.attrs.qid).toBe(old[0]?.attrs.qid);
    expect(tomato.head).toBe(tomato.entries.find((e) => e.attrs.source_msg === 'a2-new')?.attrs.eid);
    // The same file read again gives the same eids, so a re-import finds the entries it made.
    const again = conversation((await readAll(fixture('chatgpt-conversations.json'))).items[0]);
    expect(again.entries.map((e) => e.attrs.eid)).toEqual(tomato.entries.map((e) => e.attrs.eid));
  });

  it('titles an untitled conversation from its first question', async () => {
    const { items } = await readAll(fixture('chatgpt-conversations.json'));
    expect(conversation(items[0]).title).toBe('What is wrong with this tomato leaf?');
  });

  it('skips a broken conversation and an empty one, and reads on', async () => {
    const { items } = await readAll(fixture('chatgpt-conversations.json'));
    expect(items[1]).toEqual({
      skipped: {
        source_id: 'chatgpt:conv-broken',
        title: 'Conversation 2',
        reason: 'The conversation has no messages (its mapping is missing).',
      },
    });
    expect(items[2]).toEqual({
      skipped: {
        source_id: 'chatgpt:conv-empty',
        title: 'New chat',
        reason: expect.stringMatching(/^Empty conversation/),
      },
    });
    expect(conversation(items[3]).source_id).toBe('chatgpt:conv-tools');
  });

  it('maps tool calls to code and their output to shell, and picks the newest leaf without current_node', async () => {
    const { items } = await readAll(fixture('chatgpt-conversations.json'));
    const tools = conversation(items[3]);
    expect(tools.created_at).toBeUndefined();
    expect(tools.modified_at).toBeUndefined();
    expect(brief(tools.entries)).toEqual([
      ['query', 'Draw a lighthouse and find its height'],
      ['code', 'search("Eddystone lighthouse height")'],
      ['shell', '# 【0†Eddystone Lighthouse】\nHeight 49 m'],
      ['shell', 'Eddystone\n\nhttps://example.org/eddystone\n\nThe tower is 49 metres tall.'],
      ['comment', '[Image not included in the export: file_00000000lighthouse]'],
      ['gen', 'Here is your lighthouse. It is 49 m tall.'],
    ]);
    expect(tools.entries.every((e) => e.attrs.created === undefined)).toBe(true);
  });

  it('reads the same export from a zip, and newer exports sharded in order', async () => {
    const json = await readFile(fixture('chatgpt-conversations.json'), 'utf8');
    const whole = join(tmp.dir, 'chatgpt.zip');
    await writeZip(whole, { 'chat.html': '<html></html>', 'user.json': '{}', 'conversations.json': json });
    const fromZip = await readAll(whole);
    expect(fromZip.format).toBe('chatgpt');
    expect(
      fromZip.items.map((i) => ('conversation' in i ? i.conversation.source_id : i.skipped.source_id)),
    ).toEqual(['chatgpt:conv-tomato', 'chatgpt:conv-broken', 'chatgpt:conv-empty', 'chatgpt:conv-tools']);

    const [a, b, c, d] = JSON.parse(json) as unknown[];
    const sharded = join(tmp.dir, 'chatgpt-sharded.zip');
    // Written out of order on purpose: the shards are read by number.
    await writeZip(sharded, {
      'conversations-002.json': JSON.stringify([d]),
      'conversations-000.json': JSON.stringify([a, b]),
      'conversations-001.json': JSON.stringify([c]),
      'user.json': '{}',
    });
    const fromShards = await readAll(sharded);
    expect(fromShards.format).toBe('chatgpt');
    expect(
      fromShards.items.map((i) => ('conversation' in i ? i.conversation.source_id : i.skipped.source_id)),
    ).toEqual(['chatgpt:conv-tomato', 'chatgpt:conv-broken', 'chatgpt:conv-empty', 'chatgpt:conv-tools']);
  });

  it('survives cycles, missing parents and hostile values', async () => {
    const node = (id: string, parent: string | null, role: string, text: unknown) => ({
      id,
      parent,
      children: [],
      message: { id, author: { role }, content: { content_type: 'text', parts: [text] }, create_time: 1e300 },
    });
    const hostile = [
      {
        id: 'cycle',
        title: '  \u0000 ',
        current_node: 'b',
        mapping: {
          a: node('a', 'b', 'user', 'Question in a loop'),
          b: node('b', 'a', 'assistant', 'Answer in a loop'),
        },
      },
      {
        id: 'orphan',
        title: 'x'.repeat(5000),
        current_node: 'gone',
        mapping: {
          q: node('q', 'missing-parent', 'user', 'Still here?'),
          a: {
            ...node('a', 'q', 'assistant', 'Yes.'),
            message: { ...node('a', 'q', 'assistant', 'Yes.').message, metadata: 7 },
          },
          junk: 'not a node',
          weird: node('weird', 'a', 'assistant', { content_type: 'unknown_blob' }),
        },
      },
      null,
      { id: { nested: true }, mapping: {} },
    ];
    const path = join(tmp.dir, 'hostile.json');
    await writeFile(path, JSON.stringify(hostile));
    const { items } = await readAll(path);
    expect(items).toHaveLength(4);
    const cycle = conversation(items[0]);
    expect(brief(cycle.entries)).toEqual([
      ['query', 'Question in a loop'],
      ['gen', 'Answer in a loop'],
    ]);
    expect(cycle.title).toBe('Question in a loop');
    expect(cycle.entries[0]?.attrs.created).toBeUndefined();
    const orphan = conversation(items[1]);
    expect(orphan.title).toHaveLength(200);
    expect(brief(orphan.entries)).toEqual([
      ['query', 'Still here?'],
      ['gen', 'Yes.'],
    ]);
    expect(items[2]).toMatchObject({ skipped: { reason: 'Not a conversation: expected an object.' } });
    expect(items[3]).toMatchObject({
      skipped: { source_id: expect.stringMatching(/^chatgpt:sha256-/), reason: /^Empty conversation/ },
    });
  });

  it('gives a conversation without an id one from its content, the same each time it is read', async () => {
    const [tomato] = JSON.parse(await readFile(fixture('chatgpt-conversations.json'), 'utf8')) as Record<
      string,
      unknown
    >[];
    const { id: _id, conversation_id: _conversationId, ...older } = tomato!;
    const retitled = { ...older, title: 'Another title' };
    const path = join(tmp.dir, 'no-ids.json');
    await writeFile(path, JSON.stringify([older, retitled]));
    const first = (await readAll(path)).items.map((item) => conversation(item).source_id);
    const again = (await readAll(path)).items.map((item) => conversation(item).source_id);
    expect(first[0]).toMatch(/^chatgpt:sha256-[0-9a-f]{32}$/);
    expect(again).toEqual(first);
    expect(first[1]).not.toBe(first[0]);
    expect(brief(conversation((await readAll(path)).items[0]).entries)).toEqual(
      brief(conversation((await readAll(fixture('chatgpt-conversations.json'))).items[0]).entries),
    );
  });

  it('refuses a small cut-off export as it is opened, naming what was expected', async () => {
    const json = await readFile(fixture('chatgpt-conversations.json'), 'utf8');
    const path = join(tmp.dir, 'cut.json');
    await writeFile(path, json.slice(0, Math.floor(json.length * 0.8)));
    await expect(openExport(path)).rejects.toThrow(new CutOffError('chatgpt').message);
    expect(new CutOffError('chatgpt').message).toBe(
      'The file is cut off or is not valid JSON: expected a ChatGPT conversations.json.',
    );
  });

  it('reads a large cut-off export up to the break, then fails: the rest can never be read', async () => {
    const whole = join(tmp.dir, 'large.json');
    await writeChatGptExport(whole, 200, { turns: 1, answerChars: 2000 });
    const json = await readFile(whole, 'utf8');
    expect(json.length).toBeGreaterThan(SNIFF_BYTES);
    const path = join(tmp.dir, 'large-cut.json');
    await writeFile(path, json.slice(0, Math.floor(json.length * 0.8)));
    const reader = await openExport(path);
    const items: ReadItem[] = [];
    const reading = (async () => {
      for await (const item of reader.items()) items.push(item);
    })();
    await expect(reading).rejects.toBeInstanceOf(CutOffError);
    await reader.close();
    expect(items.length).toBeGreaterThan(100);
    expect(items.length).toBeLessThan(200);
    expect(items.every((item) => 'conversation' in item)).toBe(true);
  });
});

describe('ChatGPT citations', () => {
  /** A conversation of one question and one answer whose text and metadata are given. */
  const answered = (question: string, answer: string, metadata: Record<string, unknown>) => ({
    id: 'cited',
    title: 'Cited',
    current_node: 'a',
    mapping: {
      q: {
        id: 'q',
        parent: null,
        message: { id: 'q', author: { role: 'user' }, content: { content_type: 'text', parts: [question] } },
      },
      a: {
        id: 'a',
        parent: 'q',
        message: {
          id: 'a',
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: [answer] },
          metadata,
          recipient: 'all',
        },
      },
    },
  });
  const texts = (raw: unknown) =>
    brief(conversation(readChatGptConversation(raw, 1)).entries).map(([, text]) => text);

  it('makes a bracket marker a link to the source its offsets name, in code points, and removes one of no known source', () => {
    const answer = '🍅 Tomatoes want sun 【3:0†source】. Water deeply 【5:1†source】.\n【注意】 is prose.';
    const start = Array.from(answer).indexOf('【');
    const cited = answered('How do I grow tomatoes?', answer, {
      citations: [
        {
          start_ix: start,
          end_ix: start + Array.from('【3:0†source】').length,
          citation_format_type: 'tether_og',
          metadata: { type: 'webpage', title: 'Growing tomatoes', url: 'https://example.org/tomatoes' },
        },
      ],
    });
    expect(texts(cited)).toEqual([
      'How do I grow tomatoes?',
      '🍅 Tomatoes want sun [Growing tomatoes](https://example.org/tomatoes). Water deeply.\n【注意】 is prose.',
    ]);
  });

  it('makes a private-use marker links to the sources its content reference lists, and keeps an entity’s name', () => {
    const marker = '\ue200cite\ue202turn0search1\ue202turn0search2\ue201';
    const cited = answered(
      'Did prices fall?',
      `Prices fell. ${marker} In \ue200entity\ue202["city","Lisbon","capital"]\ue201 too \ue200cite\ue202turn0search9\ue201.` +
        ' \ue203Quoted\ue204 and unknown \ue200cite\ue202turn1news0\ue201',
      {
        content_references: [
          {
            matched_text: marker,
            type: 'grouped_webpages',
            items: [
              { title: 'Market [report]', url: 'https://example.com/a (1)' },
              { title: '', attribution: 'Example', url: 'https://example.com/b' },
              { title: 'Again', url: 'https://example.com/b' },
            ],
          },
          {
            matched_text: '\ue200cite\ue202turn0search9\ue201',
            items: [{ title: 'Evil', url: 'javascript:alert(1)' }],
          },
          { matched_text: ' ', type: 'sources_footnote' },
          { matched_text: 'Prices', url: 'https://example.com/never' },
        ],
      },
    );
    expect(texts(cited)[1]).toBe(
      'Prices fell. [Market \\[report\\]](https://example.com/a%20%281%29) [Example](https://example.com/b) In Lisbon too.' +
        ' Quoted and unknown',
    );
  });

  it('reads a marker in the message’s content references and leaves the user’s own words as written', () => {
    const cited = answered('What does 【1†source】 mean?', 'It cites a page【1†source】.', {
      content_references: [{ matched_text: '【1†source】', title: 'A page', url: 'http://example.net/page' }],
    });
    expect(texts(cited)).toEqual([
      'What does 【1†source】 mean?',
      'It cites a page[A page](http://example.net/page).',
    ]);
  });

  it('scans hostile text in time', () => {
    const hostile =
      `a${' '.repeat(200_000)}【${'x'.repeat(200_000)}${`【${'†'.repeat(100)}`.repeat(2000)}` +
      `\ue200${'y'.repeat(200_000)}`;
    const citations = [
      { start_ix: 0, end_ix: 1e9, metadata: {} },
      ...Array.from({ length: 5000 }, (_, i) => ({
        start_ix: 400_000 + i,
        end_ix: 400_010 + i,
        metadata: { title: 'Far', url: 'https://example.org/far' },
      })),
    ];
    const started = Date.now();
    const [, text] = texts(answered('Q', hostile, { citations }));
    expect(Date.now() - started).toBeLessThan(2000);
    // Compared whole, not diffed: a diff of texts this long would take longer than the scan.
    expect(text === hostile.replace('\ue200', '')).toBe(true);
  });
});
