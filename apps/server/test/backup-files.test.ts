import { BackupManifest, pathOf, routes } from '@caravanserai/api';
import { parseLog, serializeLog } from '@caravanserai/logbook';
import { createLogbook, entry, png, type SignedIn, textPdf, useServer } from '@caravanserai/test-kit';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFile } from './import-helpers.js';

const t = useServer({ users: ['alice', 'carol', 'dave', 'erin'] });

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

  it('keeps the tree, the head and a file named only on the branch that is not active', async () => {
    const logbook = await createLogbook(t.dave.client, { title: 'Two roads' });
    const notes = Buffer.from('Wells at Merv, Sarakhs and Mashhad.\n');
    const uploaded = await t.dave.client.files.upload(logbook.logid, new Blob([notes]), 'wells.txt');
    // The northern answer went on to a question with the file; the southern one is the head.
    const entries = [
      entry('query', 'Which road?', { qid: 'q5555555', eid: 'roadq222' }),
      entry('gen', 'The northern one.', { qid: 'q5555555', eid: 'north222' }),
      entry('query', 'Which wells on it?', { qid: 'q6666666', eid: 'wellq222', files: uploaded.file_id }),
      entry('gen', 'Three.', { qid: 'q6666666', eid: 'wellg222' }),
      entry('gen', 'The southern one.', { qid: 'q5555555', eid: 'south222', parent: 'roadq222' }),
    ];
    await t.dave.client.logbooks.update(logbook.logid, { log: serializeLog(entries) });
    await t.dave.client.logbooks.head(logbook.logid, { eid: 'south222' });
    const onScreen = (await t.dave.client.logbooks.entries(logbook.logid, {})).entries;
    expect(onScreen.map((e) => e.eid)).toEqual(['roadq222', 'south222']);

    const { bytes, manifest } = await backupOf(t.dave);
    expect(manifest.files?.map((f) => f.name)).toEqual(['wells.txt']);
    const restored = await importFile(t.server, t.erin, bytes, {
      path: pathOf(routes.backup.restore),
      filename: 'dave.zip',
    });
    expect(restored).toMatchObject({ status: 'done', skipped: [] });
    const [summary] = await t.erin.client.logbooks.list();
    const copy = await t.erin.client.logbooks.get(summary!.logid);

    // The whole tree, the file named under its new id, and the same branch on screen.
    const copied = parseLog(copy.log);
    const [file] = copy.files;
    expect(file).toMatchObject({ name: 'wells.txt', size: notes.length });
    expect(file!.file_id).not.toBe(uploaded.file_id);
    expect(copied).toEqual(
      entries.map((e) =>
        e.attrs.files === undefined ? e : { ...e, attrs: { ...e.attrs, files: file!.file_id } },
      ),
    );
    expect(copy.head).toBe('south222');
    const page = await t.erin.client.logbooks.entries(copy.logid, {});
    expect(page.entries.map((e) => e.eid)).toEqual(['roadq222', 'south222']);
    expect(await fileBytes(file!.url, t.erin)).toEqual(notes);
    const all = await t.erin.client.logbooks.entries(copy.logid, { all: '1' });
    expect(all.entries.find((e) => e.eid === 'wellq222')?.files).toMatchObject([
      { file_id: file!.file_id, name: 'wells.txt', size: notes.length },
    ]);
  });
});
