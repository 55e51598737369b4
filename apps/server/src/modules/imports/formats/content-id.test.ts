import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brief,
  conversationOf,
  fixture,
  readAll,
  tempDir,
} from '../../../../test/fixtures/imports/fixtures.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

type Item = Record<string, unknown>;
const withoutId = (item: Item, ...keys: string[]): Item =>
  Object.fromEntries(Object.entries(item).filter(([key]) => !keys.includes(key)));

/**
 * Each format: a fixture, its first conversation without its id, and a retitled copy. LibreChat's
 * is told by its `conversationId` key, so there the key stays, empty.
 */
const CASES: [string, string, string, (item: Item) => Item, (item: Item) => Item][] = [
  [
    'Claude',
    'claude-conversations.json',
    'claude',
    (item) => withoutId(item, 'uuid'),
    (item) => ({ ...item, name: 'Another title' }),
  ],
  [
    'Open WebUI (wrapped)',
    'open-webui-export.json',
    'open-webui',
    (item) => ({ ...withoutId(item, 'id'), chat: withoutId(item.chat as Item, 'id') }),
    (item) => ({ ...item, title: 'Another title' }),
  ],
  [
    'LibreChat (tree)',
    'librechat-tree.json',
    'librechat',
    (item) => ({ ...item, conversationId: null }),
    (item) => ({ ...item, title: 'Another title' }),
  ],
  [
    'LibreChat (flat)',
    'librechat-flat.json',
    'librechat',
    (item) => ({ ...item, conversationId: null }),
    (item) => ({ ...item, title: 'Another title' }),
  ],
  [
    'LibreChat (recursive)',
    'librechat-recursive.json',
    'librechat',
    (item) => ({ ...item, conversationId: null }),
    (item) => ({ ...item, title: 'Another title' }),
  ],
];

describe('a conversation whose export gives it no id', () => {
  it.each(CASES)(
    '%s: gets one from its content, the same each time it is read',
    async (_, name, prefix, strip, retitle) => {
      const raw = JSON.parse(await readFile(fixture(name), 'utf8')) as Item | Item[];
      const original = Array.isArray(raw) ? raw[0]! : raw;
      const older = strip(original);
      const path = join(tmp.dir, `no-id-${name}`);
      await writeFile(path, JSON.stringify([older, retitle(older)]));

      const first = (await readAll(path)).items.map((item) => conversationOf(item).source_id);
      const again = (await readAll(path)).items.map((item) => conversationOf(item).source_id);
      expect(first[0]).toMatch(new RegExp(`^${prefix}:sha256-[0-9a-f]{32}$`));
      expect(again).toEqual(first);
      expect(first[1]).not.toBe(first[0]);

      // The same conversation as with its id: only the id (and the eids made from it) differ.
      const without = conversationOf((await readAll(path)).items[0]);
      const withId = conversationOf((await readAll(fixture(name))).items[0]);
      expect(brief(without.entries)).toEqual(brief(withId.entries));
      expect(without.head === undefined).toBe(withId.head === undefined);
    },
  );

  it('an Open WebUI chat with neither id nor messages is skipped as empty, not for its id', async () => {
    const { items } = await readAll(fixture('open-webui-export.json'));
    expect(items[3]).toMatchObject({
      skipped: {
        title: 'No id',
        source_id: expect.stringMatching(/^open-webui:sha256-/),
        reason: /^Empty conversation/,
      },
    });
  });
});
