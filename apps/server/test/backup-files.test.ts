import { BackupManifest, pathOf, routes } from '@caravanserai/api';
import { parseLog } from '@caravanserai/logbook';
import { createLogbook, png, type SignedIn, textPdf, useServer } from '@caravanserai/test-kit';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFile } from './import-helpers.js';

const t = useServer({ users: ['alice', 'carol'] });

async function backupOf(user: SignedIn) {
  const response = await t.server.http(pathOf(routes.backup.download), { token: user.token });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files = unzipSync(bytes);
  const manifest = BackupManifest.parse(JSON.parse(new TextDecoder().decode(files['manifest.json'])));
  return { bytes, files, manifest };
}

const fileBytes = async (url: string, user: SignedIn) => {
  const response = await t.server.http(url.replace(t.server.config.apiPrefix, ''), { token: user.token });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const filesRows = (userId: number) =>
  t.server.testDb.db.kysely.selectFrom('files').select('file_id').where('user_id', '=', userId).execute();

describe('a backup with files', () => {
  it('carries the bytes once per content, and a restore elsewhere gives them back under new ids', async () => {
    const logbook = await createLogbook(t.alice.client, { title: 'With files' });
    const image = await png(7, 7, '#336633');
    const pdf = textPdf('Caravan manifest');
    const a = await t.alice.client.files.upload(logbook.logid, new Blob([image]), 'map.png');
    const b = await t.alice.client.files.upload(logbook.logid, new Blob([pdf]), 'manifest.pdf');
    const c = await t.alice.client.files.upload(logbook.logid, new Blob([image]), 'map-again.png');
    const write = (content: string, files: string) =>
      t.alice.client.entries.write({ logid: logbook.logid, tag: 'query', content, attrs: { files } });
    await write('Look at these', `${a.file_id} ${b.file_id}`);
    await write('And this one', c.file_id);

    const { bytes, files, manifest } = await backupOf(t.alice);
    expect(manifest.files).toEqual([
      {
        file_id: a.file_id,
        name: 'map.png',
        media_type: 'image/png',
        size: image.length,
        sha256: a.sha256,
        path: `files/${a.sha256}`,
      },
      {
        file_id: b.file_id,
        name: 'manifest.pdf',
        media_type: 'application/pdf',
        size: pdf.length,
        sha256: b.sha256,
        path: `files/${b.sha256}`,
      },
      {
        file_id: c.file_id,
        name: 'map-again.png',
        media_type: 'image/png',
        size: image.length,
        sha256: a.sha256,
        path: `files/${a.sha256}`,
      },
    ]);
    expect(
      Object.keys(files)
        .filter((name) => name.startsWith('files/'))
        .sort(),
    ).toEqual([`files/${a.sha256}`, `files/${b.sha256}`].sort());
    expect(Buffer.from(files[`files/${b.sha256}`]!)).toEqual(pdf);

    const restored = await importFile(t.server, t.carol, bytes, {
      path: pathOf(routes.backup.restore),
      filename: 'b.zip',
    });
    expect(restored).toMatchObject({ status: 'done', skipped: [] });
    const [summary] = await t.carol.client.logbooks.list();
    const copy = await t.carol.client.logbooks.get(summary!.logid);
    const [first, second] = parseLog(copy.log);
    const firstIds = first!.attrs.files!.split(' ');
    expect(firstIds).toHaveLength(2);
    expect(firstIds).not.toContain(a.file_id);
    expect(copy.files.map((f) => [f.name, f.media_type, f.size])).toEqual([
      ['map.png', 'image/png', image.length],
      ['manifest.pdf', 'application/pdf', pdf.length],
      ['map-again.png', 'image/png', image.length],
    ]);
    const byId = new Map(copy.files.map((f) => [f.file_id, f]));
    expect(await fileBytes(byId.get(firstIds[0]!)!.url, t.carol)).toEqual(image);
    expect(await fileBytes(byId.get(firstIds[1]!)!.url, t.carol)).toEqual(pdf);
    expect(byId.has(second!.attrs.files!)).toBe(true);

    // Restored again: every logbook is found, and no file is stored twice.
    const count = (await filesRows(t.carol.pk)).length;
    const again = await importFile(t.server, t.carol, bytes, {
      path: pathOf(routes.backup.restore),
      filename: 'b.zip',
    });
    expect(again).toMatchObject({ status: 'done', imported: [], updated: 0 });
    expect(await filesRows(t.carol.pk)).toHaveLength(count);

    // Into the account it came from: nothing new, the files as they were.
    const aliceFiles = (await filesRows(t.alice.pk)).length;
    const home = await importFile(t.server, t.alice, bytes, { path: pathOf(routes.backup.restore) });
    expect(home).toMatchObject({ status: 'done', imported: [], updated: 0 });
    expect(await filesRows(t.alice.pk)).toHaveLength(aliceFiles);
  });
});
