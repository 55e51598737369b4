import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { treeProblem } from '@caravanserai/logbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brief,
  conversationOf,
  fixture,
  onScreen,
  readAll,
  tempDir,
} from '../../../../test/fixtures/imports/fixtures.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

describe('Open WebUI export', () => {
  it('follows currentId through parentId, splitting reasoning and tool calls out of the answer', async () => {
    const { format, items } = await readAll(fixture('open-webui-export.json'));
    expect(format).toBe('open-webui');
    expect(items).toHaveLength(4);
    const chat = conversationOf(items[0]);
    expect(chat.source_id).toBe('open-webui:owui-1');
    expect(chat.title).toBe('Recursion');
    expect(chat.created_at).toBe('2024-06-10T06:13:20.000Z');
    expect(chat.modified_at).toBe('2024-06-10T06:13:50.000Z');
    expect(brief(onScreen(chat))).toEqual([
      ['comment', '[Image not included in the export: diagram.png]'],
      ['query', 'Explain recursion in one line.'],
      ['comment', 'The user wants brevity.\nOne line.'],
      ['gen', 'A function that calls itself until a base case stops it.'],
      ['query', 'What is the weather in Oslo?'],
      ['gen', 'Let me check.'],
      ['code', 'get_weather\n{"city":"Oslo"}'],
      ['shell', '"4 °C, rain"'],
      ['gen', 'It is 4 °C and raining in Oslo.'],
    ]);
    const [, q1, thought, g1] = onScreen(chat);
    // A model's thinking is stored as thinking asked here is: a reasoning comment.
    expect(thought?.attrs.kind).toBe('reasoning');
    expect(g1?.attrs).toEqual({
      qid: q1?.attrs.qid,
      created: '2024-06-10T06:13:29.000Z',
      model: 'qwen2.5:7b',
      source_msg: 'a1b',
      eid: expect.stringMatching(/^[a-z][a-z0-9]{7}$/),
    });
    // The answer regenerated over is kept beside it, as a branch.
    expect(treeProblem(chat.entries)).toBeNull();
    expect(chat.entries.length).toBeGreaterThan(onScreen(chat).length);
  });

  it('reads legacy items with the chat at the top, and skips broken and empty ones', async () => {
    const { items } = await readAll(fixture('open-webui-export.json'));
    const legacy = conversationOf(items[1]);
    expect(legacy.source_id).toBe('open-webui:owui-legacy');
    expect(legacy.created_at).toBe('2023-11-14T22:13:20.000Z');
    // No time of its own for the last change: its newest message's.
    expect(legacy.modified_at).toBe('2023-11-14T22:13:23.000Z');
    expect(brief(legacy.entries)).toEqual([
      ['query', 'Hi there'],
      ['gen', 'Hello! How can I help?'],
    ]);
    expect(legacy.entries[1]?.attrs.model).toBe('mistral:7b');
    expect(items[2]).toMatchObject({
      skipped: { source_id: 'open-webui:owui-broken', reason: /^Empty conversation/ },
    });
    // No id and no messages: skipped as empty (an id comes from the content, see content-id.test.ts).
    expect(items[3]).toMatchObject({ skipped: { title: 'No id', reason: /^Empty conversation/ } });
  });
});

describe('Open WebUI reasoning and tool calls', () => {
  const chatAnswering = (content: string) => [
    {
      id: 'owui-escaped',
      title: 'Escaped',
      created_at: 1718000000,
      chat: {
        history: {
          currentId: 'a',
          messages: {
            q: { id: 'q', parentId: null, role: 'user', content: 'Compare.', timestamp: 1718000000 },
            a: { id: 'a', parentId: 'q', role: 'assistant', content, timestamp: 1718000001 },
          },
        },
      },
    },
  ];
  const entriesOf = async (content: string) => {
    const path = join(tmp.dir, 'escaped.json');
    await writeFile(path, JSON.stringify(chatAnswering(content)));
    return brief(conversationOf((await readAll(path)).items[0]).entries);
  };

  it('decodes the HTML entities of a reasoning summary stored escaped', async () => {
    const content =
      '<details type="reasoning" done="true" duration="2">\n<summary>Thought for 2 seconds</summary>\n' +
      '&gt; If x &lt; 3 &amp;&amp; y &gt; 2, then &quot;both&quot; hold.\n&gt; It&#x27;s &amp;lt; fine.\n' +
      '</details>\nBoth hold.';
    expect(await entriesOf(content)).toEqual([
      ['query', 'Compare.'],
      ['comment', 'If x < 3 && y > 2, then "both" hold.\nIt\'s &lt; fine.'],
      ['gen', 'Both hold.'],
    ]);
  });

  it('keeps a reasoning summary stored as written as it is, and decodes every entity of a tool call', async () => {
    const content =
      '<details type="reasoning" done="true" duration="1">\n<summary>Thought for 1 second</summary>\n' +
      '> Write &amp; as is.\n</details>\n' +
      '<details type="tool_calls" done="true" name="search" arguments="{&quot;q&quot;: &quot;it&#x27;s &lt;b&gt;&quot;}" ' +
      'result="&quot;Found &#39;it&#39;&quot;">\n<summary>Tool Executed</summary>\n</details>\nDone.';
    expect(await entriesOf(content)).toEqual([
      ['query', 'Compare.'],
      ['comment', 'Write &amp; as is.'],
      ['code', 'search\n{"q": "it\'s <b>"}'],
      ['shell', '"Found \'it\'"'],
      ['gen', 'Done.'],
    ]);
  });
});

describe('Open WebUI output items', () => {
  it('reads an answer from its output items when it has them: reasoning, calls, their output and text in turn', async () => {
    const rendered =
      '<details type="reasoning" done="true" duration="1">\n<summary>Thought for 1 second</summary>\n' +
      '&gt; Check the weather.\n</details>\n' +
      '<details type="tool_calls" done="true" name="get_weather" arguments="{&quot;city&quot;:&quot;Oslo&quot;}" ' +
      'result="&quot;4 °C, rain&quot;">\n<summary>Tool Executed</summary>\n</details>\nIt is 4 °C and raining.';
    const output = [
      { type: 'reasoning', id: 'r1', summary: [{ type: 'summary_text', text: 'Check the weather.' }] },
      { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: '4 °C, rain' }] },
      { type: 'reasoning', content: [{ type: 'reasoning_text', text: 'Now answer.' }], summary: [] },
      { type: 'open_webui:code_interpreter', code: 'print(4 * 9 / 5 + 32)', output: { stdout: '39.2\n' } },
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'It is 4 °C and raining.' }],
      },
      { type: 'open_webui:status', description: 'Searching' },
      'junk',
      null,
    ];
    const path = join(tmp.dir, 'output.json');
    await writeFile(
      path,
      JSON.stringify([
        {
          id: 'owui-output',
          title: 'Output items',
          chat: {
            history: {
              currentId: 'a',
              messages: {
                q: {
                  id: 'q',
                  parentId: null,
                  role: 'user',
                  content: 'Weather in Oslo?',
                  timestamp: 1718000000,
                },
                a: { id: 'a', parentId: 'q', role: 'assistant', content: rendered, output, model: 'gpt-5' },
              },
            },
          },
        },
      ]),
    );
    const chat = conversationOf((await readAll(path)).items[0]);
    expect(brief(chat.entries)).toEqual([
      ['query', 'Weather in Oslo?'],
      ['comment', 'Check the weather.'],
      ['code', 'get_weather\n{"city":"Oslo"}'],
      ['shell', '4 °C, rain'],
      ['comment', 'Now answer.'],
      ['code', 'print(4 * 9 / 5 + 32)'],
      ['shell', '39.2'],
      ['gen', 'It is 4 °C and raining.'],
    ]);
    expect(chat.entries[7]?.attrs).toMatchObject({ model: 'gpt-5', source_msg: 'a' });
  });
});

describe('Open WebUI system prompts', () => {
  it('become context before the first turn, in wrapped, legacy and flat chats alike', async () => {
    const { format, items } = await readAll(fixture('open-webui-system-prompts.json'));
    expect(format).toBe('open-webui');
    expect(items.map((item) => brief(conversationOf(item).entries))).toEqual([
      [
        ['context', 'You are a terse assistant.'],
        ['context', 'Answer in one word.'],
        ['query', 'Capital of Norway?'],
        ['gen', 'Oslo.'],
      ],
      [
        ['context', 'Speak like a pirate.'],
        ['context', 'Be kind.'],
        ['query', 'Hello'],
        ['gen', 'Ahoy, matey!'],
      ],
      [
        ['context', 'Reply with JSON only.'],
        ['query', 'Give me a number.'],
        ['gen', '{"n": 7}'],
      ],
      [
        ['context', 'Be brief.'],
        ['query', 'Why is the sky blue?'],
        ['gen', 'Rayleigh scattering.'],
      ],
    ]);
  });

  it('carry no model name; a system message keeps its own id and time', async () => {
    const { items } = await readAll(fixture('open-webui-system-prompts.json'));
    const [prompt, message] = conversationOf(items[0]).entries;
    expect(prompt?.attrs).toEqual({});
    expect(message?.attrs).toEqual({ created: '2024-06-10T06:13:19.000Z', source_msg: 'sys-1' });
  });
});

describe('LibreChat export', () => {
  it('walks up from the newest leaf of a flat export', async () => {
    const { format, items } = await readAll(fixture('librechat-flat.json'));
    expect(format).toBe('librechat');
    expect(items).toHaveLength(1);
    const chat = conversationOf(items[0]);
    expect(chat.source_id).toBe('librechat:lc-flat');
    expect(chat.title).toBe('Packing list');
    expect(chat.created_at).toBe('2025-06-01T10:00:00.000Z');
    expect(chat.modified_at).toBe('2025-06-01T10:02:10.000Z');
    expect(brief(onScreen(chat))).toEqual([
      ['query', 'What should I pack for a 3-day hike?'],
      ['comment', 'Consider weather and water.'],
      ['gen', 'Tent, stove, 3 L of water capacity.'],
      ['code', 'weather\n{"where":"Alps"}'],
      ['shell', 'Sunny, 18 °C'],
      ['gen', 'The forecast is sunny, so pack sunscreen.'],
      ['query', 'And food?'],
      ['comment', '[File not included in the export: menu.pdf]'],
      ['gen', 'About 3,000 kcal a day.'],
    ]);
    expect(onScreen(chat)[2]?.attrs.model).toBe('o3-mini');
    expect(onScreen(chat)[8]?.attrs).toMatchObject({ model: 'gpt-4o', source_msg: 'r2' });
    expect(chat.entries.length).toBeGreaterThan(onScreen(chat).length);
  });

  it('reads the tree form, keeping the newest branch', async () => {
    const { format, items } = await readAll(fixture('librechat-tree.json'));
    expect(format).toBe('librechat');
    const chat = conversationOf(items[0]);
    expect(chat.title).toBe('Name a prime above 100.');
    expect(brief(onScreen(chat))).toEqual([
      ['query', 'Name a prime above 100.'],
      ['gen', '103.'],
      ['query', 'Another?'],
      ['gen', '107.'],
    ]);
    // The older answer stays beside the newer, as a branch under the same question.
    const older = chat.entries.find((e) => e.content === '101.');
    expect(older?.attrs.qid).toBe(chat.entries[0]?.attrs.qid);
    expect(treeProblem(chat.entries)).toBeNull();
  });

  it('reads the tree under messages when the export is recursive, following the last reply at each turn', async () => {
    const { format, items } = await readAll(fixture('librechat-recursive.json'));
    expect(format).toBe('librechat');
    expect(items).toHaveLength(1);
    const chat = conversationOf(items[0]);
    expect(chat.source_id).toBe('librechat:lc-recursive');
    expect(chat.title).toBe('Lisbon weekend');
    expect(chat.created_at).toBe('2025-07-04T07:59:58.000Z');
    expect(chat.modified_at).toBe('2025-07-05T12:00:00.000Z');
    expect(brief(onScreen(chat))).toEqual([
      ['query', 'Plan a weekend in Lisbon.'],
      ['gen', 'Day one: Alfama and the castle.'],
      ['query', 'And day two?'],
      ['gen', 'Belém: the tower and the pastries.'],
      ['query', 'Where should we eat?'],
      ['gen', 'Try the Time Out Market.'],
    ]);
    expect(onScreen(chat).map((e) => e.attrs.source_msg)).toEqual(['r1', 'r2b', 'r3', 'r4', 'r5b', 'r6b']);
    expect(onScreen(chat)[5]?.attrs).toMatchObject({ model: 'gpt-4o', created: '2025-07-04T08:04:05.000Z' });
    // Every message of the tree is kept: the regenerated answers too.
    expect(chat.entries).toHaveLength(9);
  });

  it('follows the last reply of a tree whatever its times say, passing over what is no message', async () => {
    const reply = (messageId: string, text: string, createdAt: string) => ({
      messageId,
      isCreatedByUser: false,
      text,
      createdAt,
      children: [],
    });
    const tree = {
      conversationId: 'lc-order',
      messagesTree: [
        {
          messageId: 'q',
          isCreatedByUser: true,
          text: 'Pick one.',
          children: [
            reply('newer-first', 'The first reply.', '2025-06-01T00:00:00Z'),
            reply('older-last', 'The last reply.', '2025-01-01T00:00:00Z'),
            null,
            'not a message',
          ],
        },
      ],
    };
    const path = join(tmp.dir, 'order.json');
    await writeFile(path, JSON.stringify(tree));
    const chat = conversationOf((await readAll(path)).items[0]);
    expect(brief(onScreen(chat))).toEqual([
      ['query', 'Pick one.'],
      ['gen', 'The last reply.'],
    ]);
    expect(brief(chat.entries)).toHaveLength(3);
  });

  it('reads a very deep tree without running out of stack', async () => {
    // Written as text: the test's own JSON.stringify would run out of stack on this depth.
    const depth = 20_000;
    const open: string[] = [];
    for (let i = 1; i <= depth; i++) {
      open.push(`{"messageId":"m${i}","isCreatedByUser":${i % 2 === 1},"text":"turn ${i}","children":[`);
    }
    const tree = `${open.join('')}${']}'.repeat(depth)}`;
    const path = join(tmp.dir, 'deep.json');
    await writeFile(path, `{"conversationId":"deep","title":"Deep","messagesTree":[${tree}]}`);
    const { items } = await readAll(path);
    expect(conversationOf(items[0]).entries).toHaveLength(20_000);
  });
});
