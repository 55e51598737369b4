import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_VERSION, type BackupManifest } from '@caravanserai/api';
import { type Entry, parseLog, serializeLog, toJson } from '@caravanserai/logbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationOf,
  fixture,
  readAll,
  tempDir,
  writeZip,
} from '../../../../test/fixtures/imports/fixtures.js';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(() => tmp.remove());

const tricky: Entry[] = [
  { tag: 'context', attrs: {}, content: '  Leading and trailing space kept.  ' },
  { tag: 'query', attrs: { qid: 'a1b2c3d4', custom: 'x' }, content: 'Is <b> & "x" safe?\n\tIndented.' },
  {
    tag: 'gen',
    attrs: { qid: 'a1b2c3d4', model: 'gpt-4o', tokens: '12' },
    content: "It's escaped: &amp; stays.",
  },
  { tag: 'mirage', attrs: { qid: 'a1b2c3d4' }, content: 'A wrong answer, kept.' },
  { tag: 'command', attrs: {}, content: 'ls -la' },
  { tag: 'comment', attrs: {}, content: '' },
];

describe('Caravanserai XML and JSON', () => {
  it('keeps a downloaded logbook exactly, named by its logid', async () => {
    const { format, items } = await readAll(fixture('k3f9logbook.xml'), { fileName: 'k3f9logbook.xml' });
    expect(format).toBe('caravanserai-xml');
    const logbook = conversationOf(items[0]);
    expect(logbook.source_id).toBe('caravanserai:k3f9logbook');
    expect(logbook.title).toBe('Is <b> & "x" safe?');
    expect(logbook.entries).toEqual(parseLog(await readFile(fixture('k3f9logbook.xml'), 'utf8')));
    expect(logbook.entries[2]).toEqual({
      tag: 'gen',
      attrs: { qid: 'k3f9a1zq', model: 'gpt-4o-mini' },
      content: 'It is escaped.',
    });
  });

  it('gives the same id to the same content when the file name says nothing', async () => {
    const path = join(tmp.dir, 'upload-1');
    await writeFile(path, serializeLog(tricky));
    const first = conversationOf((await readAll(path)).items[0]);
    const again = conversationOf((await readAll(path, { fileName: 'my notes (1).xml' })).items[0]);
    expect(first.source_id).toMatch(/^caravanserai:sha256-[0-9a-f]{32}$/);
    expect(again.source_id).toBe(first.source_id);
    expect(first.entries).toEqual(tricky);
  });

  it('reads the JSON export with its title and description', async () => {
    const { format, items } = await readAll(fixture('logbook-export.json'));
    expect(format).toBe('caravanserai-json');
    const logbook = conversationOf(items[0]);
    expect(logbook.title).toBe('Tea notes');
    expect(logbook.logbook).toEqual({ description: 'Brewing times' });
    expect(logbook.entries.map((e) => e.tag)).toEqual(['context', 'query', 'gen']);

    const path = join(tmp.dir, 'round.json');
    await writeFile(path, toJson(tricky, { title: 'Tricky' }));
    expect(conversationOf((await readAll(path)).items[0]).entries).toEqual(tricky);
  });

  it('skips, rather than throws, a logbook file that does not parse', async () => {
    const path = join(tmp.dir, 'broken.xml');
    await writeFile(path, '<logbook><query qid="x">unclosed</logbook>');
    const { format, items } = await readAll(path);
    expect(format).toBe('caravanserai-xml');
    expect(items).toEqual([
      { skipped: expect.objectContaining({ reason: expect.stringMatching(/^Could not be read/) }) },
    ]);
  });
});

describe('Caravanserai backup', () => {
  it('yields every logbook with its journal and flags, entries unchanged', async () => {
    const manifest: BackupManifest = {
      format: 'caravanserai-backup',
      version: BACKUP_VERSION,
      exported_at: '2026-11-01T10:00:00.000Z',
      username: 'amira',
      journals: [
        {
          jid: 'jrn1',
          title: 'Work',
          logbooks: [
            {
              logid: 'lg1',
              title: 'Tricky',
              description: 'd1',
              private: true,
              salted: false,
              forked: false,
              path: 'jrn1/lg1.xml',
            },
            {
              logid: 'lg2',
              title: 'Empty one',
              description: '',
              private: false,
              salted: true,
              forked: true,
              path: 'jrn1/lg2.xml',
            },
            {
              logid: 'lg3',
              title: 'Lost',
              description: '',
              private: false,
              salted: false,
              forked: false,
              path: 'jrn1/lg3.xml',
            },
          ],
        },
        {
          jid: 'jrn2',
          title: 'Home',
          logbooks: [
            {
              logid: 'lg4',
              title: 'Broken',
              description: '',
              private: false,
              salted: false,
              forked: false,
              path: 'jrn2/lg4.xml',
            },
            {
              logid: 'lg5',
              title: '  Spaced title  ',
              description: 'x',
              private: false,
              salted: false,
              forked: false,
              path: 'jrn2/lg5.xml',
            },
          ],
        },
      ],
    };
    const path = join(tmp.dir, 'backup.zip');
    await writeZip(path, {
      'manifest.json': JSON.stringify(manifest),
      'jrn1/lg1.xml': serializeLog(tricky),
      'jrn1/lg2.xml': serializeLog([]),
      'jrn2/lg4.xml': '<logbook><gen>never closed',
      'jrn2/lg5.xml': serializeLog(tricky.slice(0, 2)),
    });
    const { format, items } = await readAll(path);
    expect(format).toBe('caravanserai-backup');
    expect(items).toHaveLength(5);
    expect(conversationOf(items[0])).toEqual({
      source_id: 'caravanserai:lg1',
      title: 'Tricky',
      entries: tricky,
      logbook: { description: 'd1', private: true, salted: false, forked: false },
      journal: { source_jid: 'jrn1', title: 'Work' },
    });
    expect(conversationOf(items[1])).toMatchObject({
      source_id: 'caravanserai:lg2',
      entries: [],
      logbook: { salted: true, forked: true },
    });
    expect(items[2]).toEqual({
      skipped: {
        source_id: 'caravanserai:lg3',
        title: 'Lost',
        reason: 'The backup has no file jrn1/lg3.xml for this logbook.',
      },
    });
    expect(items[3]).toMatchObject({
      skipped: { source_id: 'caravanserai:lg4', reason: /^Could not be read/ },
    });
    expect(conversationOf(items[4])).toMatchObject({
      title: '  Spaced title  ',
      journal: { source_jid: 'jrn2', title: 'Home' },
    });
  });

  it('a zip whose manifest is someone else is judged by its other files', async () => {
    const path = join(tmp.dir, 'other-manifest.zip');
    await copyFile(fixture('chatgpt-conversations.json'), join(tmp.dir, 'c.json'));
    await writeZip(path, {
      'manifest.json': '{"format":"something-else"}',
      'conversations.json': await readFile(join(tmp.dir, 'c.json')),
    });
    expect((await readAll(path)).format).toBe('chatgpt');
  });
});
