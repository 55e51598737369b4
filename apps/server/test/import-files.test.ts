import { parseLog } from '@caravanserai/logbook';
import { png, type SignedIn, textPdf, useServer } from '@caravanserai/test-kit';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFile } from './import-helpers.js';

const t = useServer({ users: ['alice', 'bob'] });

const message = (id: string, role: string, content: unknown, metadata: Record<string, unknown> = {}) => ({
  id,
  author: { role, name: null, metadata: {} },
  create_time: 1_700_000_000,
  content,
  metadata,
  recipient: 'all',
});

/** A ChatGPT conversation: a photo and a PDF asked about, an answer, then a generated image. */
function conversationWithFiles() {
  const chain: [string, unknown][] = [
    [
      'q1',
      message(
        'q1',
        'user',
        {
          content_type: 'multimodal_text',
          parts: [
            {
              content_type: 'image_asset_pointer',
              asset_pointer: 'file-service://file-Photo1',
              size_bytes: 100,
            },
            'What is in the photo and the report?',
          ],
        },
        {
          attachments: [
            { id: 'file-Photo1', name: 'harbour.png', mime_type: 'image/png' },
            { id: 'file_0000Report', name: 'report.pdf', mime_type: 'application/pdf' },
            { id: 'file-Gone1', name: 'lost.png', mime_type: 'image/png' },
          ],
        },
      ),
    ],
    ['a1', message('a1', 'assistant', { content_type: 'text', parts: ['A harbour, and tide tables.'] })],
    ['q2', message('q2', 'user', { content_type: 'text', parts: ['Draw it at night'] })],
    [
      't2',
      message('t2', 'tool', {
        content_type: 'multimodal_text',
        parts: [
          { content_type: 'image_asset_pointer', asset_pointer: 'sediment://file_0000Night', size_bytes: 50 },
        ],
      }),
    ],
  ];
  const mapping: Record<string, unknown> = {
    root: { id: 'root', message: null, parent: null, children: [] },
  };
  let last = 'root';
  for (const [key, value] of chain) {
    mapping[key] = { id: key, parent: last, children: [], message: value };
    (mapping[last] as { children: string[] }).children.push(key);
    last = key;
  }
  return {
    title: 'Harbour',
    create_time: 1_700_000_000,
    mapping,
    current_node: last,
    conversation_id: 'c-files',
    id: 'c-files',
  };
}

async function exportZip() {
  const photo = await png(4, 4, '#205080');
  const night = await png(4, 4, '#101018');
  const report = textPdf('Tide tables');
  const zip = zipSync({
    'conversations.json': new TextEncoder().encode(JSON.stringify([conversationWithFiles()])),
    'file-Photo1-harbour.png': photo,
    'file_0000Report-report.pdf': report,
    'dalle-generations/file_0000Night-6a1b.webp': night,
    'user.json': new TextEncoder().encode('{}'),
  });
  return { zip, photo, night, report };
}

async function only(user: SignedIn) {
  const [summary] = await user.client.logbooks.list();
  return user.client.logbooks.get(summary!.logid);
}

const bytesAt = async (user: SignedIn, url: string) => {
  const response = await t.server.http(url.replace(t.server.config.apiPrefix, ''), { token: user.token });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

describe('a ChatGPT export with files', () => {
  it('attaches the files it holds to their entries, and notes the ones it does not', async () => {
    const { zip, photo, night, report } = await exportZip();
    const job = await importFile(t.server, t.alice, zip, { filename: 'chatgpt.zip' });
    expect(job).toMatchObject({ status: 'done', format: 'chatgpt', skipped: [] });

    const logbook = await only(t.alice);
    const entries = parseLog(logbook.log);
    expect(entries.map((e) => [e.tag, e.content])).toEqual([
      ['comment', '[Image not included in the export: lost.png]'],
      ['query', 'What is in the photo and the report?'],
      ['gen', 'A harbour, and tide tables.'],
      ['query', 'Draw it at night'],
      ['comment', '[Image: 6a1b.webp]'],
    ]);
    const byId = new Map(logbook.files.map((f) => [f.file_id, f]));
    const asked = entries[1]!.attrs.files!.split(' ').map((id) => byId.get(id)!);
    expect(asked.map((f) => [f.name, f.media_type])).toEqual([
      ['report.pdf', 'application/pdf'],
      ['harbour.png', 'image/png'],
    ]);
    expect(await bytesAt(t.alice, asked[0]!.url)).toEqual(report);
    expect(await bytesAt(t.alice, asked[1]!.url)).toEqual(photo);
    const drawn = byId.get(entries[4]!.attrs.files!)!;
    expect(drawn.media_type).toBe('image/png');
    expect(await bytesAt(t.alice, drawn.url)).toEqual(night);

    // Imported again: found, nothing added, no file stored twice.
    const before = await t.server.testDb.db.kysely
      .selectFrom('files')
      .select('file_id')
      .where('user_id', '=', t.alice.pk)
      .execute();
    const again = await importFile(t.server, t.alice, zip, { filename: 'chatgpt.zip' });
    expect(again).toMatchObject({ status: 'done', duplicates: 1 });
    const after = await t.server.testDb.db.kysely
      .selectFrom('files')
      .select('file_id')
      .where('user_id', '=', t.alice.pk)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('keeps a question whose file is refused, without the file', async () => {
    const conversation = conversationWithFiles();
    const zip = zipSync({
      'conversations.json': new TextEncoder().encode(JSON.stringify([conversation])),
      // Not an image at all: refused as an upload of it would be.
      'file-Photo1-harbour.png': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]),
    });
    const job = await importFile(t.server, t.bob, zip, { filename: 'chatgpt.zip' });
    expect(job).toMatchObject({ status: 'done', skipped: [] });
    const logbook = await only(t.bob);
    const question = parseLog(logbook.log).find((e) => e.tag === 'query')!;
    expect(question.content).toBe('What is in the photo and the report?');
    expect(question.attrs.files).toBeUndefined();
    expect(logbook.files).toEqual([]);
  });
});
