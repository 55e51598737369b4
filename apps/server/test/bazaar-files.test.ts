import type { ApiClient, EntryFile } from '@caravanserai/api';
import { filesOf, parseLog } from '@caravanserai/logbook';
import {
  createFakeWell,
  createLogbook,
  expectStatus,
  ORIGINS,
  png,
  type SignedIn,
  textPdf,
  useServer,
} from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMINS, registerNamed } from './admin-helpers.js';
import { type PublishChoices, publish } from './bazaar-helpers.js';
import { caravanWith } from './caravans-helpers.js';

const t = useServer({
  users: ['alice', 'bob', 'carol'],
  fake: true,
  overrides: { adminUsernames: ADMINS },
});

let root: SignedIn;
beforeAll(async () => {
  root = await registerNamed(t.server, 'root');
});
beforeEach(() => t.fake.reset());

const anon = () => t.server.client();

const upload = (client: ApiClient, logid: string, bytes: Uint8Array, name: string) =>
  client.files.upload(logid, new Blob([bytes]), name);

/** GET of a file's url as the API gave it, as `token` (signed out without one). */
const fetchFile = (file: Pick<EntryFile, 'url'>, token?: string) =>
  fetch(`${t.server.origin}${file.url}`, token ? { headers: { Authorization: `Token ${token}` } } : {});

/** A file's url as the API gives it. */
const fileUrl = (fileId: string) => `${t.server.baseUrl.slice(t.server.origin.length)}/files/${fileId}/`;

const statusOf = async (file: Pick<EntryFile, 'url'>, token?: string) =>
  (await fetchFile(file, token)).status;

/**
 * A private logbook of Alice's, on a well the fake provider answers, whose one question carried an
 * image: asked as the workspace asks, so the entry names the file as every question does.
 */
async function askedWithImage() {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS.openai });
  const logbook = await createLogbook(t.alice.client, { logwell: well.wellid, title: 'Harbour colours' });
  const image = await png(6, 6, '#2a7ab0');
  const file = await upload(t.alice.client, logbook.logid, image, 'harbour.png');
  t.fake.enqueue({ kind: 'reply', text: 'A deep sea blue.' });
  await t.alice.client.queries.submit({
    logid: logbook.logid,
    prompt: 'What colour?',
    files: [file.file_id],
  });
  return { logbook, file, image };
}

/** Publishes Alice's logbook and reads the listing signed out (or as `viewer`). */
async function listed(logid: string, choices: Partial<PublishChoices> = {}, viewer: ApiClient = anon()) {
  const made = await publish(t.alice.client, logid, choices);
  return { made, listing: await viewer.bazaar.get(made.slug) };
}

describe('a listing’s files', () => {
  it('travel with the copy and are readable by anyone who may see it, signed out too', async () => {
    const { logbook, file, image } = await askedWithImage();
    const preview = await t.alice.client.bazaar.preview({ logid: logbook.logid, licence: 'CC-BY-4.0' });
    const { listing } = await listed(logbook.logid);

    const shown: EntryFile = {
      file_id: file.file_id,
      name: 'harbour.png',
      media_type: 'image/png',
      size: image.length,
      url: fileUrl(file.file_id),
    };
    expect(listing.files).toEqual([shown]);
    expect(preview.files).toEqual([shown]);
    expect(parseLog(listing.log).map(filesOf)).toEqual([[file.file_id], []]);

    // Alice's logbook is private: the listing alone lets others read the image.
    const response = await fetchFile(listing.files[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(image);
    expect(await statusOf(listing.files[0]!, t.bob.token)).toBe(200);
  });

  it('are shown to a caravan’s members alone when the listing is that caravan’s', async () => {
    const { logbook, file } = await askedWithImage();
    const caravan = await caravanWith(t.alice, [t.carol]);
    const { listing } = await listed(logbook.logid, { caravan: caravan.caravan_id }, t.carol.client);
    expect(listing.files.map((f) => f.file_id)).toEqual([file.file_id]);

    expect(await statusOf(listing.files[0]!, t.carol.token)).toBe(200);
    expect(await statusOf(listing.files[0]!, t.bob.token)).toBe(404);
    expect(await statusOf(listing.files[0]!)).toBe(404);
  });

  it('are the author’s alone again once the listing is withdrawn or hidden', async () => {
    const withdrawn = await askedWithImage();
    const first = await listed(withdrawn.logbook.logid);
    const hidden = await askedWithImage();
    const second = await listed(hidden.logbook.logid);
    for (const { listing } of [first, second]) expect(await statusOf(listing.files[0]!)).toBe(200);

    await t.alice.client.bazaar.withdraw(first.made.listing_id);
    await root.client.bazaar.moderate(second.made.listing_id, { hidden: true });
    for (const { listing } of [first, second]) {
      expect(await statusOf(listing.files[0]!)).toBe(404);
      expect(await statusOf(listing.files[0]!, t.bob.token)).toBe(404);
      expect(await statusOf(listing.files[0]!, t.alice.token)).toBe(200);
    }
    // Shown again by the moderators, its files are everyone's to read again.
    await root.client.bazaar.moderate(second.made.listing_id, { hidden: false });
    expect(await statusOf(second.listing.files[0]!, t.bob.token)).toBe(200);
  });

  it('leave out a file of someone else’s that the author named in an entry', async () => {
    const bobs = await createLogbook(t.bob.client, {});
    const theirs = await upload(t.bob.client, bobs.logid, textPdf('Bob’s tide table'), 'tides.pdf');
    const logbook = await createLogbook(t.alice.client, {});
    const own = await upload(t.alice.client, logbook.logid, textPdf('Alice’s chart'), 'chart.pdf');
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Compare these.',
      attrs: { files: `${theirs.file_id} ${own.file_id}` },
    });
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'And this one alone?',
      attrs: { files: theirs.file_id },
    });

    const preview = await t.alice.client.bazaar.preview({ logid: logbook.logid, licence: 'CC0-1.0' });
    const { listing } = await listed(logbook.logid);
    for (const copy of [preview, listing]) {
      expect(copy.files.map((f) => f.file_id)).toEqual([own.file_id]);
      expect(copy.log).not.toContain(theirs.file_id);
      expect(parseLog(copy.log).map((e) => e.attrs.files)).toEqual([own.file_id, undefined]);
    }
    expect(await statusOf({ url: fileUrl(theirs.file_id) })).toBe(404);
    expect(await statusOf(listing.files[0]!)).toBe(200);
  });

  it('stay while the listing does, though the logbook they came from is deleted', async () => {
    const { logbook } = await askedWithImage();
    const { made, listing } = await listed(logbook.logid);
    await t.alice.client.logbooks.remove(logbook.logid);
    expect(await statusOf(listing.files[0]!)).toBe(200);
    expect((await anon().bazaar.get(made.slug)).files).toEqual(listing.files);

    // Withdrawn with nothing else naming them, they go.
    await t.alice.client.bazaar.withdraw(made.listing_id);
    expect(await statusOf(listing.files[0]!, t.alice.token)).toBe(404);
  });
});

describe('a fork of a listing with files', () => {
  it('names them, so the forker reads them and asks with them whatever becomes of the listing', async () => {
    const { logbook, file, image } = await askedWithImage();
    const { made, listing } = await listed(logbook.logid);

    const fork = await t.bob.client.bazaar.fork(made.listing_id, {});
    expect(fork.files).toEqual(listing.files);
    expect(parseLog(fork.log).map(filesOf)).toEqual([[file.file_id], []]);

    await t.alice.client.bazaar.withdraw(made.listing_id);
    await t.alice.client.logbooks.remove(logbook.logid);
    expect(await statusOf(listing.files[0]!, t.bob.token)).toBe(200);
    expect(await statusOf(listing.files[0]!)).toBe(404);
    expect((await t.bob.client.logbooks.get(fork.logid)).files).toEqual(listing.files);

    // The question the fork came with goes to the forker's model with its image.
    const well = await createFakeWell(t.bob.client, t.fake, { origin_loc: ORIGINS.openai });
    await t.bob.client.logbooks.update(fork.logid, { logwell: well.wellid, memory: true });
    t.fake.enqueue({ kind: 'reply', text: 'Darker at dusk.' });
    await t.bob.client.queries.submit({ logid: fork.logid, prompt: 'And at dusk?' });
    expect(JSON.stringify(t.fake.requests.at(-1)?.body)).toContain(Buffer.from(image).toString('base64'));
  });

  it('keeps none of another’s files that the listing does not carry', async () => {
    const bobs = await createLogbook(t.bob.client, {});
    const theirs = await upload(t.bob.client, bobs.logid, textPdf('Bob’s'), 'b.pdf');
    const logbook = await createLogbook(t.alice.client, {});
    await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'query',
      content: 'Read this.',
      attrs: { files: theirs.file_id },
    });
    const { made } = await listed(logbook.logid);
    const fork = await t.carol.client.bazaar.fork(made.listing_id, {});
    expect(fork.files).toEqual([]);
    await expectStatus(t.carol.client.files.get(theirs.file_id), 404);
  });
});
