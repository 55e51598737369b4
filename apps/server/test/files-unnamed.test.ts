import type { ApiClient } from '@caravanserai/api';
import { createLogbook, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { UNNAMED_FILE_MS } from '../src/modules/files/files.service.js';

const t = useServer({ users: ['alice', 'bob'] });

const upload = (client: ApiClient, logid: string, bytes: Uint8Array, name: string) =>
  client.files.upload(logid, new Blob([bytes]), name);

async function ownLogbook(fields: { private?: boolean } = {}) {
  return createLogbook(t.alice.client, fields);
}

/** GET /files/{id}/ as `token` (anonymous without one). */
const fetchFile = (fileId: string, token?: string) =>
  t.server.http(`/files/${fileId}/`, token ? { token } : {});

const blobsOf = (sha256: string) =>
  t.server.testDb.db.kysely.selectFrom('file_blobs').select('sha256').where('sha256', '=', sha256).execute();

/** Dates the file's upload `ago` milliseconds back, as if it had been uploaded then. */
const uploadedAgo = (fileId: string, ago: number) =>
  t.server.testDb.db.kysely
    .updateTable('files')
    .set({ created_at: Date.now() - ago })
    .where('file_id', '=', fileId)
    .execute();

describe('a file nobody names any more', () => {
  it('goes with the question that carried it, once that question is deleted', async () => {
    const logbook = await ownLogbook();
    const file = await upload(t.alice.client, logbook.logid, Buffer.from('gone soon'), 'g.txt');
    const written = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Read this',
      attrs: { files: file.file_id },
    });
    const read = await t.alice.client.logbooks.get(logbook.logid);
    // Deleting an entry in the workspace blanks its content.
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      index: written.index,
      content: '',
      version: read.version,
    });
    expect((await fetchFile(file.file_id, t.alice.token)).status).toBe(404);
    expect((await t.alice.client.logbooks.get(logbook.logid)).files).toEqual([]);
  });

  it('is removed when the entries naming it go, and kept while a fork still names it', async () => {
    const logbook = await ownLogbook({ private: false });
    const file = await upload(t.alice.client, logbook.logid, Buffer.from('keep me?'), 'k.txt');
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'with a file',
      attrs: { files: file.file_id },
    });
    // Rewriting the log without that entry drops the file and its bytes.
    const current = await t.alice.client.logbooks.get(logbook.logid);
    await t.alice.client.logbooks.update(logbook.logid, { log: '', version: current.version });
    expect((await fetchFile(file.file_id, t.alice.token)).status).toBe(404);
    expect(await blobsOf(file.sha256)).toEqual([]);

    const again = await upload(t.alice.client, logbook.logid, Buffer.from('fork me'), 'f.txt');
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'with a file',
      attrs: { files: again.file_id },
    });
    await t.alice.client.logbooks.update(logbook.logid, { salted: true });
    const fork = await t.bob.client.logbooks.fork(logbook.logid);
    expect(fork.files.map((f) => f.file_id)).toEqual([again.file_id]);
    // The fork's log read and written back whole still names the file it came with.
    const rewritten = await t.bob.client.logbooks.update(fork.logid, {
      log: fork.log,
      version: fork.version,
    });
    expect(rewritten.files.map((f) => f.file_id)).toEqual([again.file_id]);
    await t.alice.client.logbooks.remove(logbook.logid);
    expect((await fetchFile(again.file_id, t.bob.token)).status).toBe(200);
    await t.bob.client.logbooks.remove(fork.logid);
    expect((await fetchFile(again.file_id, t.alice.token)).status).toBe(404);
  });
});

describe('an upload no entry ever names', () => {
  it('is removed a day later, at its uploader’s next upload; one named, or younger, is kept', async () => {
    const logbook = await ownLogbook();
    const minute = 60_000;
    const forgotten = await upload(t.alice.client, logbook.logid, Buffer.from('never sent'), 'old.txt');
    const sent = await upload(t.alice.client, logbook.logid, Buffer.from('sent along'), 'sent.txt');
    const recent = await upload(t.alice.client, logbook.logid, Buffer.from('just now'), 'new.txt');
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Read this',
      attrs: { files: sent.file_id },
    });
    await uploadedAgo(forgotten.file_id, UNNAMED_FILE_MS + minute);
    await uploadedAgo(sent.file_id, UNNAMED_FILE_MS + minute);
    await uploadedAgo(recent.file_id, UNNAMED_FILE_MS - 10 * minute);

    // Nothing goes until its uploader uploads again: another user's upload leaves it.
    expect((await fetchFile(forgotten.file_id, t.alice.token)).status).toBe(200);
    const bobs = await createLogbook(t.bob.client, {});
    await upload(t.bob.client, bobs.logid, Buffer.from('bob’s'), 'b.txt');
    expect((await fetchFile(forgotten.file_id, t.alice.token)).status).toBe(200);

    await upload(t.alice.client, logbook.logid, Buffer.from('the next one'), 'next.txt');
    expect((await fetchFile(forgotten.file_id, t.alice.token)).status).toBe(404);
    expect(await blobsOf(forgotten.sha256)).toEqual([]);
    expect((await fetchFile(sent.file_id, t.alice.token)).status).toBe(200);
    expect((await fetchFile(recent.file_id, t.alice.token)).status).toBe(200);
    expect((await t.alice.client.logbooks.get(logbook.logid)).files.map((f) => f.name)).toEqual(['sent.txt']);
  });
});
