import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportFormat } from '@caravanserai/api';
import { useServer } from '@caravanserai/test-kit';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, tempDir, writeZip } from './fixtures/imports/fixtures.js';
import { importFile, upload } from './import-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'cyrus', 'dara', 'esme'] });
let work: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(() => work?.remove());

const cutOff = (expected: string) => `The file is cut off or is not valid JSON: expected ${expected}.`;
const cut = (bytes: Buffer, share = 0.8) => bytes.subarray(0, Math.floor(bytes.length * share));

/** Claude's fixture conversations again and again under new ids: an export of about `bytes`. */
async function largeClaudeExport(bytes: number): Promise<Buffer> {
  const chats = JSON.parse(await readFile(fixture('claude-conversations.json'), 'utf8')) as {
    uuid: string;
  }[];
  const many: unknown[] = [];
  for (let n = 0; JSON.stringify(many).length < bytes; n++) {
    for (const chat of chats) many.push({ ...chat, uuid: `${chat.uuid}-${n}` });
  }
  return Buffer.from(JSON.stringify(many));
}

describe('a cut-off file small enough to be read at upload', () => {
  it.each<[string, string]>([
    ['chatgpt-conversations.json', 'a ChatGPT conversations.json'],
    ['claude-conversations.json', 'a Claude conversations.json'],
    ['open-webui-export.json', 'an Open WebUI chat export'],
    ['librechat-flat.json', 'a LibreChat conversation export'],
    ['librechat-tree.json', 'a LibreChat conversation export'],
    ['logbook-export.json', 'a Caravanserai logbook JSON file'],
  ])('%s is refused with 400 naming what was expected', async (name, expected) => {
    const before = await t.alice.client.logbooks.list();
    const response = await upload(t.server, t.alice, cut(await readFile(fixture(name))), { filename: name });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ file: [cutOff(expected)] });
    expect(await t.alice.client.logbooks.list()).toHaveLength(before.length);
  });

  it('so is a zip whose conversations.json is cut off', async () => {
    const zip = join(work.dir, 'small-cut.zip');
    await writeZip(zip, { 'conversations.json': cut(await readFile(fixture('claude-conversations.json'))) });
    const response = await upload(t.server, t.alice, await readFile(zip), { filename: 'export.zip' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ file: [cutOff('a Claude conversations.json')] });
  });
});

describe('a large cut-off file, found to be cut off while it is read', () => {
  const cases: [string, ImportFormat, string, () => Promise<Buffer>][] = [
    [
      'ChatGPT conversations.json',
      'chatgpt',
      'a ChatGPT conversations.json',
      async () => {
        const path = join(work.dir, 'chatgpt-large.json');
        await writeChatGptExport(path, 300, { turns: 1, answerChars: 2000 });
        return readFile(path);
      },
    ],
    ['Claude conversations.json', 'claude', 'a Claude conversations.json', () => largeClaudeExport(600_000)],
    [
      'ChatGPT zip',
      'chatgpt',
      'a ChatGPT conversations.json',
      async () => {
        const path = join(work.dir, 'chatgpt-large-src.json');
        await writeChatGptExport(path, 300, { turns: 1, answerChars: 2000 });
        const zip = join(work.dir, 'chatgpt-large-cut.zip');
        await writeZip(zip, { 'conversations.json': cut(await readFile(path)) });
        return readFile(zip);
      },
    ],
  ];

  it.each(cases)(
    '%s: the job fails saying so and how many came in before the cut',
    async (label, format, expected, make) => {
      const whole = await make();
      const isZip = label.endsWith('zip');
      const content = isZip ? whole : cut(whole);
      const filename = isZip ? 'export.zip' : 'conversations.json';
      // A user of its own per file: conversations imported before would count as duplicates.
      const user = isZip ? t.esme : format === 'claude' ? t.dara : t.bob;
      const job = await importFile(t.server, user, content, { filename });
      expect(job).toMatchObject({ status: 'failed', format });
      const count = job.imported.length;
      expect(count).toBeGreaterThan(0);
      expect(job.detail).toBe(
        `${cutOff(expected)} ${count} conversations were imported before the cut and are kept; importing the whole file again adds only what is missing.`,
      );
      // What came in before the cut is there, whole.
      const first = await user.client.logbooks.get(job.imported[0]!.logid);
      expect(first.log).toContain('<query');

      if (format !== 'chatgpt' || isZip) return;
      // The whole file afterwards brings the rest, the conversations already there found again.
      const again = await importFile(t.server, user, whole, { filename });
      expect(again.status).toBe('done');
      expect(again.duplicates).toBe(count);
      expect(again.imported.length + count).toBe(again.total);
    },
  );

  it('a cut before the first conversation ends fails without a count', async () => {
    const path = join(work.dir, 'one-large.json');
    await writeChatGptExport(path, 1, { turns: 200, answerChars: 2000 });
    const job = await importFile(t.server, t.cyrus, cut(await readFile(path)), {
      filename: 'conversations.json',
    });
    expect(job).toMatchObject({ status: 'failed', format: 'chatgpt', imported: [] });
    expect(job.detail).toBe(cutOff('a ChatGPT conversations.json'));
    expect(await t.cyrus.client.logbooks.list()).toEqual([]);
  });
});
