import { createHash } from 'node:crypto';
import type { ApiClient } from '@caravanserai/api';
import {
  createLogbook,
  ELF_EXECUTABLE,
  expectStatus,
  jpegWithLocation,
  png,
  SVG_WITH_SCRIPT,
  textPdf,
  useServer,
} from '@caravanserai/test-kit';
import sharp, { type Sharp } from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

const upload = (client: ApiClient, logid: string, bytes: Uint8Array, name: string, type?: string) =>
  client.files.upload(logid, new Blob([bytes], type ? { type } : {}), name);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A photo's pixels, to be written as a PNG or WebP that says where it was taken and by what. */
const PHOTO = { create: { width: 16, height: 12, channels: 3, background: '#a0522d' } } as const;
const withLocation = (image: Sharp) =>
  image
    .withExif({
      IFD0: { Make: 'Harbour Camera Co', Model: 'Lookout 7' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();

async function ownLogbook(fields: { private?: boolean } = {}) {
  return createLogbook(t.alice.client, fields);
}

/** GET /files/{id}/ as `token` (anonymous without one). */
const fetchFile = (fileId: string, token?: string) =>
  t.server.http(`/files/${fileId}/`, token ? { token } : {});

describe('uploading a file', () => {
  it('reads an image from its bytes and serves it back inline, never sniffed', async () => {
    const logbook = await ownLogbook();
    const bytes = await png();
    const file = await upload(t.alice.client, logbook.logid, bytes, 'harbour.png');
    expect(file).toMatchObject({
      name: 'harbour.png',
      media_type: 'image/png',
      kind: 'image',
      size: bytes.length,
    });
    expect(file.sha256).toBe(sha256(bytes));

    const response = await fetchFile(file.file_id, t.alice.token);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="harbour.png"; filename*=UTF-8''harbour.png`,
    );
    // The same bytes again cost nothing: the browser's copy is still good.
    expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
    const again = await t.server.http(`/files/${file.file_id}/`, {
      token: t.alice.token,
      headers: { 'if-none-match': `"${file.sha256}"` },
    });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves PDFs and text as downloads, typed by their bytes and not by their name', async () => {
    const logbook = await ownLogbook();
    const pdf = await upload(
      t.alice.client,
      logbook.logid,
      textPdf('Tide tables'),
      'tides.txt',
      'text/plain',
    );
    expect(pdf).toMatchObject({ media_type: 'application/pdf', kind: 'pdf', name: 'tides.txt' });
    const notes = await upload(
      t.alice.client,
      logbook.logid,
      Buffer.from('# Notes\n'),
      'notes.md',
      'image/png',
    );
    expect(notes).toMatchObject({ media_type: 'text/markdown', kind: 'text' });
    const image = await upload(t.alice.client, logbook.logid, await png(), 'looks-like.txt', 'text/plain');
    expect(image).toMatchObject({ media_type: 'image/png', kind: 'image' });
    const csv = await upload(t.alice.client, logbook.logid, Buffer.from('a,b\n1,2\n'), 'table.csv');
    expect(csv.media_type).toBe('text/csv');
    const code = await upload(t.alice.client, logbook.logid, Buffer.from('const x = 1;\n'), 'x.ts');
    expect(code.media_type).toBe('text/plain');

    const response = await fetchFile(notes.file_id, t.alice.token);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.md"/);
    const pdfResponse = await fetchFile(pdf.file_id, t.alice.token);
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    expect(pdfResponse.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses SVG, executables and other binaries with 415 naming what is allowed', async () => {
    const logbook = await ownLogbook();
    const allowed =
      'Only PNG, JPEG, WebP and GIF images, PDF documents and UTF-8 text files (plain text, Markdown, CSV, JSON, source code) can be attached.';
    for (const [bytes, name] of [
      [SVG_WITH_SCRIPT, 'logo.png'],
      [ELF_EXECUTABLE, 'tool'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(60)]), 'archive.zip'],
      [Buffer.from('text with a NUL \u0000 inside'), 'nul.txt'],
      [Buffer.from([0xff, 0xfe, 0x41, 0x00, 0xc3]), 'latin.txt'],
    ] as const) {
      const error = await expectStatus(upload(t.alice.client, logbook.logid, bytes, name), 415);
      expect(error).toEqual({ detail: allowed, code: 'unsupported_media_type' });
    }
    const empty = await expectStatus(
      upload(t.alice.client, logbook.logid, Buffer.alloc(0), 'empty.txt'),
      400,
    );
    expect(empty).toEqual({ file: ['The submitted file is empty.'] });
  });

  it('keeps a safe name: its last path part, without control characters', async () => {
    const logbook = await ownLogbook();
    const file = await upload(
      t.alice.client,
      logbook.logid,
      Buffer.from('hi'),
      '../../etc/pass\u0001wd\u007f.txt',
    );
    expect(file.name).toBe('passwd.txt');
    const accented = await upload(t.alice.client, logbook.logid, Buffer.from('hi'), 'café notes.txt');
    const response = await fetchFile(accented.file_id, t.alice.token);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="caf_ notes.txt"; filename*=UTF-8''caf%C3%A9%20notes.txt`,
    );
  });

  it('keeps a name sent raw with NUL and other control bytes, or none at all, storable on both databases', async () => {
    const logbook = await ownLogbook();
    const send = async (filename: string) => {
      const boundary = 'xBoundary42';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`,
        ),
        Buffer.from('Content-Type: text/plain\r\n\r\nhello\r\n'),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      const response = await t.server.http(`/journals/logbooks/${logbook.logid}/files/`, {
        method: 'POST',
        token: t.alice.token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { name: string }).name;
    };
    expect(await send('a\u0000b.txt')).toBe('ab.txt');
    expect(await send('\u0001\u0002')).toBe('file');
    expect(await send('x'.repeat(5000))).toHaveLength(200);
    expect(await send('🐪'.repeat(300))).toBe('🐪'.repeat(200));
  });

  it.each([
    ['JPEG', 'image/jpeg', 'boat.jpg', () => jpegWithLocation()],
    ['PNG', 'image/png', 'boat.png', () => withLocation(sharp(PHOTO).png())],
    ['WebP', 'image/webp', 'boat.webp', () => withLocation(sharp(PHOTO).webp())],
  ])('removes where a photo was taken before storing it: %s', async (_, mediaType, name, photoOf) => {
    const logbook = await ownLogbook();
    const photo = await photoOf();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('Harbour Camera Co'))).toBe(true);
    const file = await upload(t.alice.client, logbook.logid, photo, name);
    expect(file.media_type).toBe(mediaType);
    const stored = Buffer.from(await (await fetchFile(file.file_id, t.alice.token)).arrayBuffer());
    expect(file.sha256).toBe(sha256(stored));
    expect(file.sha256).not.toBe(sha256(photo));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata).toMatchObject({ width: 16, height: 12, format: mediaType.slice('image/'.length) });
    expect(stored.includes(Buffer.from('Harbour Camera Co'))).toBe(false);
  });

  it('stores the same bytes once per user, however often they are uploaded', async () => {
    const logbook = await ownLogbook();
    const bytes = await png(9, 9);
    const first = await upload(t.alice.client, logbook.logid, bytes, 'one.png');
    const second = await upload(t.alice.client, logbook.logid, bytes, 'two.png');
    expect(second.file_id).not.toBe(first.file_id);
    const blobs = await t.server.testDb.db.kysely
      .selectFrom('file_blobs')
      .select('user_id')
      .where('sha256', '=', first.sha256)
      .execute();
    expect(blobs).toHaveLength(1);
  });

  it('answers 403, 404 and 409 for logbooks that are not the uploader’s to change', async () => {
    const privateOne = await ownLogbook();
    const publicOne = await ownLogbook({ private: false });
    const bytes = Buffer.from('hello');
    await expectStatus(upload(t.bob.client, privateOne.logid, bytes, 'a.txt'), 404);
    await expectStatus(upload(t.bob.client, publicOne.logid, bytes, 'a.txt'), 403);
    await expectStatus(upload(t.server.client(), publicOne.logid, bytes, 'a.txt'), 401);
    await t.alice.client.logbooks.update(publicOne.logid, { salted: true });
    const salted = await expectStatus(upload(t.alice.client, publicOne.logid, bytes, 'a.txt'), 409);
    expect(salted).toMatchObject({ code: 'salted' });
  });

  it('refuses a body that is not a multipart upload with a field named file', async () => {
    const logbook = await ownLogbook();
    const json = await t.server.http(`/journals/logbooks/${logbook.logid}/files/`, {
      method: 'POST',
      token: t.alice.token,
      body: '{"file":"x"}',
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({
      file: ['Send the file as multipart/form-data, in a field named "file".'],
    });
    const form = new FormData();
    form.append('other', new Blob(['x']), 'x.txt');
    const wrongField = await t.server.http(`/journals/logbooks/${logbook.logid}/files/`, {
      method: 'POST',
      token: t.alice.token,
      body: form,
    });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({ file: ['No file was submitted.'] });
  });
});

describe('reading a file back', () => {
  it('is for its uploader, and for whoever may read a logbook that names it', async () => {
    const logbook = await ownLogbook({ private: false });
    const file = await upload(t.alice.client, logbook.logid, Buffer.from('shared notes'), 'notes.txt');
    // Uploaded to a public logbook but named by no entry yet: the uploader's only.
    expect((await fetchFile(file.file_id, t.bob.token)).status).toBe(404);
    expect((await fetchFile(file.file_id)).status).toBe(404);

    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'See the notes.',
      attrs: { files: file.file_id },
    });
    expect((await fetchFile(file.file_id, t.bob.token)).status).toBe(200);
    expect((await fetchFile(file.file_id)).status).toBe(200);
    const read = await t.bob.client.logbooks.get(logbook.logid);
    expect(read.files).toEqual([
      {
        file_id: file.file_id,
        name: 'notes.txt',
        media_type: 'text/plain',
        size: 12,
        url: `/api/files/${file.file_id}/`,
      },
    ]);

    await t.alice.client.logbooks.update(logbook.logid, { private: true });
    expect((await fetchFile(file.file_id, t.bob.token)).status).toBe(404);
    expect((await fetchFile(file.file_id, t.alice.token)).status).toBe(200);
    expect((await fetchFile('nosuchfile00', t.alice.token)).status).toBe(404);
  });

  it('grants nothing through a log that names someone else’s file', async () => {
    const bobs = await createLogbook(t.bob.client, {});
    const secret = await upload(t.bob.client, bobs.logid, Buffer.from('bob only'), 'secret.txt');
    const alices = await ownLogbook({ private: false });
    await t.alice.client.entries.write({
      logid: alices.logid,
      tag: 'comment',
      content: 'mine now?',
      attrs: { files: secret.file_id },
    });
    expect((await fetchFile(secret.file_id, t.alice.token)).status).toBe(404);
    expect((await t.alice.client.logbooks.get(alices.logid)).files).toEqual([]);
  });
});

describe('limits', () => {
  const small = useServer({ users: ['carol'], overrides: { fileMaxBytes: 1024, userFilesMaxBytes: 3000 } });

  it('answers 413 with the limit for a file over FILE_MAX_MB, and for a user past USER_FILES_MAX_MB', async () => {
    const logbook = await createLogbook(small.carol.client, {});
    const big = await expectStatus(
      upload(small.carol.client, logbook.logid, Buffer.alloc(2048, 'a'), 'big.txt'),
      413,
    );
    expect(big).toEqual({ detail: 'The file is too large: the limit is 1 KB.', code: 'too_large' });

    const kb = (fill: string) => Buffer.alloc(1000, fill);
    await upload(small.carol.client, logbook.logid, kb('a'), 'a.txt');
    await upload(small.carol.client, logbook.logid, kb('b'), 'b.txt');
    await upload(small.carol.client, logbook.logid, kb('c'), 'c.txt');
    const full = await expectStatus(upload(small.carol.client, logbook.logid, kb('d'), 'd.txt'), 413);
    expect(full).toMatchObject({ code: 'too_large' });
    expect(full.detail).toMatch(/^Your files would take more than your 0 MB/);
    // The same bytes again cost nothing more.
    await upload(small.carol.client, logbook.logid, kb('a'), 'a-again.txt');
  });
});
