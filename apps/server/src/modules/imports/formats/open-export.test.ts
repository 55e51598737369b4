import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationOf,
  fixture,
  readAll,
  tempDir,
  writeZip,
} from '../../../../test/fixtures/imports/fixtures.js';
import { UnknownFormatError } from './conversation.js';
import { EXPECTED_FORMATS, openExport } from './open-export.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

async function fileWith(name: string, content: string | Buffer): Promise<string> {
  const path = join(tmp.dir, name);
  await writeFile(path, content);
  return path;
}

async function refusal(path: string): Promise<string> {
  try {
    const reader = await openExport(path);
    await reader.close();
  } catch (error) {
    expect(error).toBeInstanceOf(UnknownFormatError);
    return (error as Error).message;
  }
  throw new Error(`${path} was accepted`);
}

describe('openExport', () => {
  it('knows each format from its content, whatever the file is called', async () => {
    const cases: [string, string][] = [
      ['chatgpt-conversations.json', 'chatgpt'],
      ['claude-conversations.json', 'claude'],
      ['open-webui-export.json', 'open-webui'],
      ['librechat-flat.json', 'librechat'],
      ['librechat-tree.json', 'librechat'],
      ['librechat-recursive.json', 'librechat'],
      ['k3f9logbook.xml', 'caravanserai-xml'],
      ['logbook-export.json', 'caravanserai-json'],
    ];
    for (const [name, format] of cases) {
      const misnamed = await fileWith(`${format}.backup.zip`, await readFile(fixture(name)));
      const reader = await openExport(misnamed);
      expect(reader.format).toBe(format);
      await reader.close();
    }
  });

  it('refuses what is no export, naming what it expected', async () => {
    const binary = randomBytes(64 * 1024);
    binary[0] = 0x00;
    const refused = [
      await fileWith('random.bin', binary),
      await fileWith('empty.json', ''),
      await fileWith('shape.json', '[{"foo": 1}, {"bar": [1, 2]}]'),
      await fileWith('object.json', '{"foo": {"bar": 1}}'),
      await fileWith('number.json', '42'),
      await fileWith('unclosed-list.json', '[ '),
      await fileWith('broken.json', '[{"mapping": '),
      await fileWith('chat.html', '<!DOCTYPE html><html><body>chats</body></html>'),
      await fileWith('other.xml', '<?xml version="1.0"?><rss><channel/></rss>'),
      await fileWith('bad-zip.zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(512)])),
    ];
    for (const path of refused) expect(await refusal(path)).toContain(EXPECTED_FORMATS);

    const noConversations = join(tmp.dir, 'photos.zip');
    await writeZip(noConversations, { 'user.json': '{}', 'images/a.png': randomBytes(100) });
    expect(await refusal(noConversations)).toBe(`${EXPECTED_FORMATS} The zip holds no conversations.json.`);

    const wrongInside = join(tmp.dir, 'wrong-inside.zip');
    await writeZip(wrongInside, { 'conversations.json': '[{"hello": "world"}]' });
    expect(await refusal(wrongInside)).toContain('not a ChatGPT or Claude export');
  });

  it('says a file holding an empty list has no conversations, whether alone or in a zip', async () => {
    const zip = join(tmp.dir, 'empty-list.zip');
    await writeZip(zip, { 'conversations.json': '[]' });
    for (const path of [
      await fileWith('empty-list.json', '[]'),
      await fileWith('spaced-empty-list.json', '\uFEFF [\n ]\n'),
      zip,
    ]) {
      expect(await refusal(path)).toBe('No conversations found in this file.');
    }
  });

  it('looks past broken leading elements to recognise the export', async () => {
    const chats = JSON.parse(await readFile(fixture('chatgpt-conversations.json'), 'utf8')) as unknown[];
    const path = await fileWith(
      'leading-junk.json',
      JSON.stringify([null, 7, 'text', { mapping: 'x' }, ...chats]),
    );
    const { format, items } = await readAll(path);
    expect(format).toBe('chatgpt');
    expect(items).toHaveLength(8);
    expect(items.slice(0, 4).every((item) => 'skipped' in item)).toBe(true);
    expect(conversationOf(items[4]).source_id).toBe('chatgpt:conv-tomato');
  });

  it('reads an export with a byte-order mark and a folder around it in the zip', async () => {
    const json = await readFile(fixture('claude-conversations.json'), 'utf8');
    const bom = await fileWith('bom.json', `\uFEFF${json}`);
    expect((await readAll(bom)).format).toBe('claude');
    const nested = join(tmp.dir, 'nested.zip');
    await writeZip(nested, { 'export/conversations.json': json });
    expect((await readAll(nested)).items).toHaveLength(4);
  });

  it('knows an export with no conversations by its other files', async () => {
    const chatgpt = join(tmp.dir, 'empty-chatgpt.zip');
    await writeZip(chatgpt, { 'conversations.json': '[]', 'chat.html': '<html></html>', 'user.json': '{}' });
    expect(await readAll(chatgpt)).toEqual({ format: 'chatgpt', items: [] });
    const claude = join(tmp.dir, 'empty-claude.zip');
    await writeZip(claude, { 'conversations.json': '[]', 'users.json': '[]' });
    expect(await readAll(claude)).toEqual({ format: 'claude', items: [] });
  });

  it('can be closed early, and more than once', async () => {
    const json = await readFile(fixture('chatgpt-conversations.json'), 'utf8');
    const path = join(tmp.dir, 'close.zip');
    await writeZip(path, { 'conversations.json': json });
    const reader = await openExport(path);
    for await (const item of reader.items()) {
      expect('conversation' in item).toBe(true);
      break;
    }
    await reader.close();
    await reader.close();
  });

  it('holds a huge message and an invalid character without failing the conversation', async () => {
    const huge = 'word '.repeat(2_000_000);
    const source = {
      id: 'huge\nid',
      title: 'Huge',
      current_node: 'a',
      mapping: {
        q: {
          id: 'q',
          parent: null,
          message: { id: 'q', author: { role: 'user' }, content: { content_type: 'text', parts: [huge] } },
        },
        a: {
          id: 'a',
          parent: 'q',
          message: {
            id: 'a',
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: ['ok \u0001\uFFFF\uD800\u007F'] },
          },
        },
      },
    };
    const path = await fileWith('huge.json', JSON.stringify([source]));
    const chat = conversationOf((await readAll(path)).items[0]);
    expect(chat.source_id).toBe('chatgpt:huge id');
    const [query, gen] = chat.entries;
    expect(query?.content).toHaveLength(huge.length);
    expect(gen?.content).toBe('ok \uFFFD\uFFFD\uFFFD\uFFFD');
  });
});
