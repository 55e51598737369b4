import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportFormat } from '@caravanserai/api';
import { type Entry, parseLog } from '@caravanserai/logbook';
import { useServer } from '@caravanserai/test-kit';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, tempDir, writeZip } from './fixtures/imports/fixtures.js';
import { chatgpt, importFile, json } from './import-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol'] });
let work: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(() => work?.remove());

type Conversation = Record<string, unknown>;

const entriesOf = async (logid: string): Promise<Entry[]> =>
  parseLog((await t.alice.client.logbooks.get(logid)).log);

const CASES: [string, ImportFormat, string][] = [
  ['chatgpt-conversations.json', 'chatgpt', 'chatgpt:'],
  ['claude-conversations.json', 'claude', 'claude:'],
  ['open-webui-export.json', 'open-webui', 'open-webui:'],
  ['librechat-tree.json', 'librechat', 'librechat:'],
  ['librechat-flat.json', 'librechat', 'librechat:'],
  ['librechat-recursive.json', 'librechat', 'librechat:'],
  ['logbook-export.json', 'caravanserai-json', 'caravanserai:'],
  ['k3f9logbook.xml', 'caravanserai-xml', 'caravanserai:'],
];

describe('each format, end to end', () => {
  it.each(CASES)('%s becomes logbooks of questions and answers', async (name, format, prefix) => {
    const job = await importFile(t.server, t.alice, await readFile(fixture(name)), { filename: name });
    expect(job).toMatchObject({ status: 'done', format });
    expect(job.imported.length).toBeGreaterThan(0);
    expect(job.done).toBe(job.total);
    for (const imported of job.imported) {
      expect(imported.source_id.startsWith(prefix)).toBe(true);
      const entries = await entriesOf(imported.logid);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.some((e) => e.tag === 'query' || e.tag === 'gen')).toBe(true);
    }
    const logbook = await t.alice.client.logbooks.get(job.imported[0]!.logid);
    expect(logbook.private).toBe(true);
  });

  it.each([
    ['ChatGPT', 'chatgpt-conversations.json', 'chatgpt'],
    ['Claude', 'claude-conversations.json', 'claude'],
  ])('reads the %s export as the zip it is downloaded as', async (_, name, format) => {
    const zip = join(work.dir, `${format}.zip`);
    await writeZip(zip, { 'conversations.json': await readFile(fixture(name)) });
    const job = await importFile(t.server, t.bob, await readFile(zip), { filename: 'export.zip' });
    expect(job).toMatchObject({ status: 'done', format });
    expect(job.imported.length).toBeGreaterThan(0);
  });
});

describe('system prompts', () => {
  it('an Open WebUI chat’s system prompt is the first entry of its logbook, as context', async () => {
    const name = 'open-webui-system-prompts.json';
    const job = await importFile(t.server, t.alice, await readFile(fixture(name)), { filename: name });
    expect(job).toMatchObject({ status: 'done', format: 'open-webui' });
    const wrapped = job.imported.find((i) => i.source_id === 'open-webui:owui-sys-wrapped')!;
    const entries = await entriesOf(wrapped.logid);
    expect(entries.slice(0, 3).map((e) => [e.tag, e.content])).toEqual([
      ['context', 'You are a terse assistant.'],
      ['context', 'Answer in one word.'],
      ['query', 'Capital of Norway?'],
    ]);
    const legacy = job.imported.find((i) => i.source_id === 'open-webui:owui-sys-legacy')!;
    expect((await entriesOf(legacy.logid))[0]).toMatchObject({
      tag: 'context',
      content: 'Speak like a pirate.',
    });
  });
});

describe('conversations that cannot be stored', () => {
  it('skips a broken conversation with its reason and imports the rest', async () => {
    const job = await importFile(
      t.server,
      t.alice,
      json([chatgpt('good-1', [['Hi?', 'Hello.']]), { id: 'broken-1', title: 'Broken', mapping: 42 }]),
    );
    expect(job.status).toBe('done');
    expect(job.imported.map((i) => i.source_id)).toEqual(['chatgpt:good-1']);
    expect(job.skipped).toHaveLength(1);
    expect(job.skipped[0]!.reason.length).toBeGreaterThan(0);
    expect(job.done).toBe(2);
  });

  it('never answers 5xx for NUL bytes, control characters or oversized text, and the job ends done', async () => {
    const job = await importFile(
      t.server,
      t.alice,
      json([
        chatgpt('nul-1', [['before\u0000after', 'an \u001b[31m escape']], 'Title\u0000with NUL'),
        chatgpt('huge-1', [['Big?', 'x'.repeat(6 * 1024 * 1024)]]),
        chatgpt('fine-1', [['Fine?', 'Fine.']]),
      ]),
    );
    expect(job.status).toBe('done');
    expect(job.done).toBe(3);
    expect(job.imported.map((i) => i.source_id)).toContain('chatgpt:fine-1');
    expect(job.skipped.map((s) => s.source_id)).toContain('chatgpt:huge-1');
    for (const item of [...job.imported, ...job.skipped]) expect(item.title).not.toContain('\u0000');
    for (const imported of job.imported) {
      const logbook = await t.alice.client.logbooks.get(imported.logid);
      for (const bad of ['\u0000', '&#0;', '\u001b']) expect(logbook.log).not.toContain(bad);
    }
  });
});

describe('dates', () => {
  it.each([
    [
      'chatgpt-conversations.json',
      'chatgpt:conv-tomato',
      '2023-11-14T22:13:20.123Z',
      '2023-11-14T22:14:10.000Z',
    ],
    [
      'claude-conversations.json',
      'claude:5d1c0b8e-claude-branch',
      '2025-03-01T09:00:00.000Z',
      '2025-03-01T09:10:00.000Z',
    ],
    ['open-webui-export.json', 'open-webui:owui-1', '2024-06-10T06:13:20.000Z', '2024-06-10T06:13:50.000Z'],
    [
      'librechat-recursive.json',
      'librechat:lc-recursive',
      '2025-07-04T07:59:58.000Z',
      '2025-07-05T12:00:00.000Z',
    ],
  ])(
    '%s: the logbook is created and modified when its conversation was',
    async (name, sourceId, created, modified) => {
      const job = await importFile(t.server, t.carol, await readFile(fixture(name)), { filename: name });
      const { logid } = job.imported.find((i) => i.source_id === sourceId)!;
      expect(await t.carol.client.logbooks.get(logid)).toMatchObject({ created, modified });
      const listed = (await t.carol.client.logbooks.list()).find((l) => l.logid === logid);
      expect(listed).toMatchObject({ created, modified });
    },
  );

  it('a conversation that gives no time, or one after the import, is dated at the import', async () => {
    const timeless = chatgpt('timeless', [['When?', 'Now.']]);
    delete (timeless as { create_time?: number }).create_time;
    for (const node of Object.values(timeless.mapping) as { message: { create_time?: number } | null }[]) {
      if (node.message) delete node.message.create_time;
    }
    const future = { ...chatgpt('future', [['Later?', 'Later.']]), create_time: 4e9, update_time: 4e9 };
    const before = Date.now();
    const job = await importFile(t.server, t.carol, json([timeless, future]));
    const after = Date.now();
    expect(job.imported).toHaveLength(2);
    for (const { logid } of job.imported) {
      const logbook = await t.carol.client.logbooks.get(logid);
      for (const at of [logbook.created, logbook.modified]) {
        expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
        expect(Date.parse(at)).toBeLessThanOrEqual(after);
      }
    }
  });

  it('a grown conversation imported again is modified when it last changed, its creation kept', async () => {
    const first = await importFile(
      t.server,
      t.carol,
      json([{ ...chatgpt('dated', [['First?', 'First.']]), update_time: 1_700_000_100 }]),
    );
    const { logid } = first.imported[0]!;
    expect(await t.carol.client.logbooks.get(logid)).toMatchObject({
      created: '2023-11-14T22:13:20.000Z',
      modified: '2023-11-14T22:15:00.000Z',
    });
    const grown = {
      ...chatgpt('dated', [
        ['First?', 'First.'],
        ['Second?', 'Second.'],
      ]),
      update_time: 1_700_086_400,
    };
    expect(await importFile(t.server, t.carol, json([grown]))).toMatchObject({ updated: 1 });
    expect(await t.carol.client.logbooks.get(logid)).toMatchObject({
      created: '2023-11-14T22:13:20.000Z',
      modified: '2023-11-15T22:13:20.000Z',
    });
  });
});

describe('importing again', () => {
  it('counts unchanged conversations as duplicates and appends only the new turns of a grown one', async () => {
    const first = await importFile(
      t.server,
      t.bob,
      json([chatgpt('same', [['One?', 'One.']]), chatgpt('grows', [['First?', 'First.']])]),
    );
    expect(first.imported).toHaveLength(2);
    const grows = first.imported.find((i) => i.source_id === 'chatgpt:grows')!.logid;
    const before = (await t.bob.client.logbooks.list()).length;

    const again = await importFile(
      t.server,
      t.bob,
      json([
        chatgpt('same', [['One?', 'One.']]),
        chatgpt('grows', [
          ['First?', 'First.'],
          ['Second?', 'Second.'],
        ]),
      ]),
    );
    expect(again).toMatchObject({ status: 'done', duplicates: 1, updated: 1, imported: [], skipped: [] });
    expect((await t.bob.client.logbooks.list()).length).toBe(before);
    const entries = parseLog((await t.bob.client.logbooks.get(grows)).log);
    expect(entries.filter((e) => e.tag === 'query').map((e) => e.content)).toEqual(['First?', 'Second?']);
    expect(entries.filter((e) => e.tag === 'gen').map((e) => e.content)).toEqual(['First.', 'Second.']);

    const third = await importFile(
      t.server,
      t.bob,
      json([
        chatgpt('grows', [
          ['First?', 'First.'],
          ['Second?', 'Second.'],
        ]),
      ]),
    );
    expect(third).toMatchObject({ duplicates: 1, updated: 0 });
  });

  it('finds a conversation without an id again by its content: the same file twice makes one logbook', async () => {
    const { id: _id, conversation_id: _conversationId, ...older } = chatgpt('no-id', [['Older?', 'Yes.']]);
    const file = json([older]);
    const before = (await t.bob.client.logbooks.list()).length;
    const first = await importFile(t.server, t.bob, file);
    expect(first).toMatchObject({ status: 'done', skipped: [] });
    expect(first.imported).toHaveLength(1);
    expect(first.imported[0]!.source_id).toMatch(/^chatgpt:sha256-[0-9a-f]{32}$/);
    const again = await importFile(t.server, t.bob, file);
    expect(again).toMatchObject({ status: 'done', duplicates: 1, updated: 0, imported: [], skipped: [] });
    expect((await t.bob.client.logbooks.list()).length).toBe(before + 1);
  });

  it.each([
    ['Claude', 'claude-conversations.json', 'claude', (c: Conversation) => ({ ...c, uuid: null })],
    [
      'Open WebUI',
      'open-webui-export.json',
      'open-webui',
      (c: Conversation) => ({ ...c, id: undefined, chat: { ...(c.chat as Conversation), id: undefined } }),
    ],
    ['LibreChat', 'librechat-tree.json', 'librechat', (c: Conversation) => ({ ...c, conversationId: null })],
  ])('%s: finds a conversation without an id again by its content', async (_, name, prefix, strip) => {
    const raw = JSON.parse(await readFile(fixture(name), 'utf8')) as Conversation | Conversation[];
    const older = strip(Array.isArray(raw) ? raw[0]! : raw);
    const file = JSON.stringify([older]);
    const before = (await t.bob.client.logbooks.list()).length;
    const first = await importFile(t.server, t.bob, file);
    expect(first).toMatchObject({ status: 'done', format: prefix, skipped: [] });
    expect(first.imported).toHaveLength(1);
    expect(first.imported[0]!.source_id).toMatch(new RegExp(`^${prefix}:sha256-[0-9a-f]{32}$`));
    const again = await importFile(t.server, t.bob, file);
    expect(again).toMatchObject({ status: 'done', duplicates: 1, updated: 0, imported: [], skipped: [] });
    expect((await t.bob.client.logbooks.list()).length).toBe(before + 1);
  });

  it('keeps one user’s imports apart from another’s', async () => {
    const file = json([chatgpt('shared-id', [['Mine?', 'Yours.']])]);
    const alices = await importFile(t.server, t.alice, file);
    const bobs = await importFile(t.server, t.bob, file);
    expect(alices.imported).toHaveLength(1);
    expect(bobs.imported).toHaveLength(1);
    expect(bobs.imported[0]!.logid).not.toBe(alices.imported[0]!.logid);
  });
});

describe('a file that breaks part way', () => {
  it('keeps what was imported before the break, and fails saying the file is broken and how much came in', async () => {
    const source = join(work.dir, 'many.json');
    await writeChatGptExport(source, 400, { turns: 1, answerChars: 2000 });
    const zipPath = join(work.dir, 'many.zip');
    await writeZip(zipPath, { 'conversations.json': await readFile(source) });
    const zip = await readFile(zipPath);
    // Spoil the compressed bytes two thirds of the way in: the directory at the end still reads.
    const at = Math.floor(zip.length * 0.66);
    for (let i = at; i < at + 64; i++) zip[i] = zip[i]! ^ 0xff;

    const job = await importFile(t.server, t.bob, zip, { filename: 'export.zip' });
    // The spoiled bytes inflate to what is no longer JSON: the rest can never be read.
    expect(job.status).toBe('failed');
    expect(job.imported.length).toBeGreaterThan(0);
    expect(job.detail).toBe(
      `The file is cut off or is not valid JSON: expected a ChatGPT conversations.json. ${job.imported.length} conversations were imported before the cut and are kept; importing the whole file again adds only what is missing.`,
    );
    expect(job.imported.length).toBeLessThan(400);
  });
});
