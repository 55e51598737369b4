import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BACKUP_VERSION, type BackupManifest, type ImportFormat } from '@caravanserai/api';
import { serializeLog, toJson } from '@caravanserai/logbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationOf,
  fixture,
  readAll,
  repeated,
  tempDir,
  writeZip,
} from '../../../../test/fixtures/imports/fixtures.js';
import { tooLargeLogbook } from './caravanserai.js';
import { type ReadItem, UnknownFormatError } from './conversation.js';
import { CutOffError } from './cut-off.js';
import { SNIFF_BYTES } from './json-shape.js';
import { openExport } from './open-export.js';
import { ZipFile } from './zip-file.js';

// A collection on demand, so what is measured is what stays reachable, not garbage not yet swept.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

/** Reads every item while sampling memory: the items and how far memory rose above the start. */
async function readMeasured(
  path: string,
  options: Parameters<typeof openExport>[1] = {},
): Promise<{ items: ReadItem[]; peak: number }> {
  collect();
  const used = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const baseline = used();
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used() - baseline);
  }, 2);
  const items: ReadItem[] = [];
  try {
    const reader = await openExport(path, options);
    for await (const item of reader.items()) items.push(item);
    await reader.close();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, used() - baseline);
  return { items, peak };
}

/** A file of `bytes` bytes that starts with `head` and is zeros after it (sparse: written at once). */
async function sparseFile(name: string, head: string, bytes: number): Promise<string> {
  const path = join(tmp.dir, name);
  const handle = await open(path, 'w');
  try {
    await handle.write(head);
    await handle.truncate(bytes);
  } finally {
    await handle.close();
  }
  return path;
}

function skippedReason(item: ReadItem | undefined): string {
  if (item === undefined || !('skipped' in item)) throw new Error(`Not skipped: ${JSON.stringify(item)}`);
  return item.skipped.reason;
}

const chat = (id: string) =>
  JSON.stringify({
    id,
    title: id,
    current_node: 'q',
    mapping: {
      q: {
        id: 'q',
        parent: null,
        message: { id: 'q', author: { role: 'user' }, content: { content_type: 'text', parts: ['Hi'] } },
      },
    },
  });

describe('a conversation larger than an import takes', () => {
  it('is passed over in a zip bomb as it inflates, memory not growing with it', async () => {
    const path = join(tmp.dir, 'bomb.zip');
    const inflated = 200 * MB;
    // Brackets, braces and escaped quotes inside the long string must not end the element early.
    const head = `[${chat('before')},{"title":"bomb","current_node":"q","mapping":{"q":{"text":"`;
    const tail = `"}}},${chat('after')}]`;
    await writeZip(path, { 'conversations.json': repeated(head, '\\"]}x', inflated, tail) });

    const { items, peak } = await readMeasured(path, { maxItemBytes: MB });
    expect(items).toHaveLength(3);
    expect(conversationOf(items[0]).source_id).toBe('chatgpt:before');
    expect(skippedReason(items[1])).toBe('The conversation is larger than 1 MB, more than an import takes.');
    expect(conversationOf(items[2]).source_id).toBe('chatgpt:after');
    // Garbage not yet swept is counted too: the bound is what holding the element would far exceed.
    expect(peak).toBeLessThan(64 * MB);
  }, 60_000);

  it('skips a backup logbook that inflates past the bound, and reads the next', async () => {
    const manifest: BackupManifest = {
      format: 'caravanserai-backup',
      version: BACKUP_VERSION,
      exported_at: '2026-11-01T10:00:00.000Z',
      username: 'amira',
      journals: [
        {
          jid: 'jrn1',
          title: 'Work',
          logbooks: ['big', 'small'].map((logid) => ({
            logid,
            title: logid,
            description: '',
            private: false,
            salted: false,
            forked: false,
            path: `jrn1/${logid}.xml`,
          })),
        },
      ],
    };
    const path = join(tmp.dir, 'backup-bomb.zip');
    await writeZip(path, {
      'manifest.json': JSON.stringify(manifest),
      'jrn1/big.xml': repeated('<logbook><comment>', 'a', 100 * MB, '</comment></logbook>'),
      'jrn1/small.xml': serializeLog([{ tag: 'comment', attrs: {}, content: 'kept' }]),
    });

    const { items, peak } = await readMeasured(path);
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      skipped: { source_id: 'caravanserai:big', title: 'big', reason: tooLargeLogbook() },
    });
    expect(tooLargeLogbook()).toBe('The logbook is larger than 64 MB, more than an import takes.');
    expect(conversationOf(items[1]).entries).toEqual([{ tag: 'comment', attrs: {}, content: 'kept' }]);
    expect(peak).toBeLessThan(32 * MB);
  }, 60_000);

  it('skips a single logbook or chat file past the bound, knowing its format unread', async () => {
    const xml = await sparseFile('huge.xml', '<logbook><comment>', 65 * MB);
    const logbook = await readAll(xml, { fileName: 'k3f9huge.xml' });
    expect(logbook).toEqual({
      format: 'caravanserai-xml',
      items: [
        { skipped: { source_id: 'caravanserai:k3f9huge', title: 'Logbook', reason: tooLargeLogbook() } },
      ],
    });

    const json = await sparseFile('huge.json', '{"format": "caravanserai.logbook", "entries": [', 65 * MB);
    const own = await readAll(json);
    expect(own.format).toBe('caravanserai-json');
    expect(skippedReason(own.items[0])).toBe(tooLargeLogbook());

    const single = await sparseFile('huge-chat.json', '{"title": "t", "chat": {"history": {', 65 * MB);
    const openWebUi = await readAll(single);
    expect(openWebUi.format).toBe('open-webui');
    expect(skippedReason(openWebUi.items[0])).toBe(
      'The conversation is larger than 64 MB, more than an import takes.',
    );
  });
});

/** Told by its first bytes, the file fails once reading reaches the cut. */
async function expectCutOffWhenRead(path: string, format: ImportFormat): Promise<void> {
  const reader = await openExport(path);
  expect(reader.format).toBe(format);
  await reader.close();
  await expect(readAll(path)).rejects.toThrow(new CutOffError(format).message);
}

describe('telling the format', () => {
  it('reads only the first bytes: a break further on is found when the items are read', async () => {
    const filler = serializeLog(
      Array.from({ length: 2000 }, (_, i) => ({
        tag: 'comment' as const,
        attrs: {},
        content: `note ${i} `.repeat(20),
      })),
    );
    expect(filler.length).toBeGreaterThan(SNIFF_BYTES);
    const xml = join(tmp.dir, 'broken-tail.xml');
    await writeFile(xml, `${filler.replace(/<\/logbook>\s*$/, '')}<comment>never closed`);
    const logbook = await readAll(xml);
    expect(logbook.format).toBe('caravanserai-xml');
    expect(skippedReason(logbook.items[0])).toMatch(/^Could not be read/);

    const entries = Array.from({ length: 2000 }, (_, i) => ({
      tag: 'comment' as const,
      attrs: {},
      content: `note ${i} `.repeat(20),
    }));
    const own = join(tmp.dir, 'broken-tail.json');
    await writeFile(own, toJson(entries, { title: 'Cut' }).slice(0, -20));
    await expectCutOffWhenRead(own, 'caravanserai-json');

    const chats = JSON.parse(await readFile(fixture('open-webui-export.json'), 'utf8')) as unknown[];
    const one = JSON.stringify({ ...(chats[0] as object), padding: 'x'.repeat(SNIFF_BYTES) });
    const single = join(tmp.dir, 'broken-tail-chat.json');
    await writeFile(single, `${one.slice(0, -1)}, "broken": }`);
    await expectCutOffWhenRead(single, 'open-webui');

    const backup = join(tmp.dir, 'broken-manifest.zip');
    const padding = 'x'.repeat(SNIFF_BYTES);
    await writeZip(backup, {
      'manifest.json': `{"format": "caravanserai-backup", "version": ${BACKUP_VERSION}, "padding": "${padding}", "journals": [{"jid": `,
    });
    await expectCutOffWhenRead(backup, 'caravanserai-backup');

    // Small enough to be read whole at once, the same manifest is refused as the file is opened.
    const small = join(tmp.dir, 'broken-small-manifest.zip');
    await writeZip(small, {
      'manifest.json': `{"format": "caravanserai-backup", "version": ${BACKUP_VERSION}, "journals": [{"jid": `,
    });
    await expect(openExport(small)).rejects.toThrow(new CutOffError('caravanserai-backup').message);
  });
});

describe('a zip of many files', () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 3000; i++) files[`junk/${i}.txt`] = '';
  files['conversations.json'] = `[${chat('kept')}]`;

  it('keeps only the files an export is read from', async () => {
    const path = join(tmp.dir, 'many.zip');
    await writeZip(path, files);
    const zip = await ZipFile.open(path, { keep: (name) => name.endsWith('.json') });
    expect([...zip.files.keys()]).toEqual(['conversations.json']);
    zip.close();
    const { format, items } = await readAll(path);
    expect(format).toBe('chatgpt');
    expect(conversationOf(items[0]).source_id).toBe('chatgpt:kept');
  });

  it('is refused past the bound on entries', async () => {
    const path = join(tmp.dir, 'too-many.zip');
    await writeZip(path, files);
    const refusal = await openExport(path, { maxZipEntries: 1000 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(UnknownFormatError);
    expect((refusal as Error).message).toContain('The zip holds too many files to be an export.');
  });
});
