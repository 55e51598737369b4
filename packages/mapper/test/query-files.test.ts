import type { Logbook } from '@caravanserai/api';
import {
  createFakeWell,
  createLogbook,
  ELF_EXECUTABLE,
  entry,
  png,
  SVG_WITH_SCRIPT,
  storedEntries,
  textPdf,
  useServer,
} from '@caravanserai/test-kit';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mapperFor } from './support/fake-mapper.js';
import { useHarness } from './support/harness.js';

const h = useHarness(['alice']);
let wellid: string;

beforeAll(async () => {
  wellid = (await createFakeWell(h.alice.client, h.fake)).wellid;
});
beforeEach(() => h.fake.reset());

const ROUTE = 'Merv, then Bukhara.\n';
const ALLOWED =
  'Only PNG, JPEG, WebP and GIF images, PDF documents and UTF-8 text files (plain text, Markdown, CSV, JSON, source code) can be attached.';

function withWell(): Promise<Logbook> {
  return createLogbook(h.alice.client, { entries: [entry('context', 'You are terse.')], logwell: wellid });
}

/** A Mapper whose host reads these files, as the CLI reads them from disk. */
async function onDisk(files: Record<string, Uint8Array | string>) {
  const t = mapperFor(h.alice);
  t.host.withDisk(files);
  return t;
}

/** The stored entries' tags and the files each names. */
async function stored(logid: string) {
  return (await storedEntries(h.alice.client, logid)).map((e) => [e.tag, e.attrs.files]);
}

describe('query -f FILE', () => {
  it('uploads a text file, says so, and asks with it: the model reads the text under its name', async () => {
    const logbook = await withWell();
    const t = await onDisk({ 'notes/route.txt': ROUTE });
    const lines = await t.lines(`q -r Which city first? -f notes/route.txt -l ${logbook.logid}`);
    expect(lines[0]).toBe('Attached route.txt (20 B)');
    expect(lines[1]).toMatch(/^Echo: Which city first\?/);
    expect(h.fake.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: `Which city first?\nFile "route.txt":\n\n${ROUTE}` },
    ]);
    const read = await h.alice.client.logbooks.get(logbook.logid);
    expect(read.files).toEqual([expect.objectContaining({ name: 'route.txt', size: 20 })]);
    expect(await stored(logbook.logid)).toEqual([
      ['context', undefined],
      ['query', read.files[0]?.file_id],
      ['gen', undefined],
    ]);
  });

  it('carries two files, -f and --file, in the order given', async () => {
    const logbook = await withWell();
    const t = await onDisk({ 'route.txt': ROUTE, 'docs/tides.pdf': textPdf('Tide tables at dawn') });
    const lines = await t.lines(`q -r Compare -l ${logbook.logid} -f route.txt --file docs/tides.pdf`);
    expect(lines.slice(0, 2)).toEqual([
      'Attached route.txt (20 B)',
      expect.stringMatching(/^Attached tides\.pdf \(\d+ B\)$/),
    ]);
    expect(lines[2]).toMatch(/^Echo: Compare/);
    expect(h.fake.requests[0]?.messages.at(-1)).toEqual({
      role: 'user',
      content: `Compare\nFile "route.txt":\n\n${ROUTE}\nFile "tides.pdf":\n\nTide tables at dawn`,
    });
    const read = await h.alice.client.logbooks.get(logbook.logid);
    const ids = ['route.txt', 'tides.pdf'].map((name) => read.files.find((f) => f.name === name)?.file_id);
    expect((await storedEntries(h.alice.client, logbook.logid))[1]?.attrs.files).toBe(ids.join(' '));
  });

  it("prints the server's refusal of a kind it does not take, and asks nothing", async () => {
    const logbook = await withWell();
    const t = await onDisk({ 'logo.svg': SVG_WITH_SCRIPT, 'bin/tool': ELF_EXECUTABLE, 'route.txt': ROUTE });
    expect(await t.lines(`q -r What is this? -f logo.svg -l ${logbook.logid}`)).toEqual([
      'Error executing query.',
      `Cannot attach logo.svg: ${ALLOWED}`,
    ]);
    // A file refused after another was taken: the first was attached, the question still not asked.
    expect(await t.lines(`q -r Run it -f route.txt -f bin/tool -l ${logbook.logid}`)).toEqual([
      'Attached route.txt (20 B)',
      'Error executing query.',
      `Cannot attach bin/tool: ${ALLOWED}`,
    ]);
    expect(h.fake.requests).toHaveLength(0);
    expect(await stored(logbook.logid)).toEqual([['context', undefined]]);
  });

  it('names a path it cannot read, before uploading anything', async () => {
    const logbook = await withWell();
    const t = await onDisk({ 'route.txt': ROUTE });
    expect(await t.lines(`q -r Read both -f route.txt -f notes/missing.txt -l ${logbook.logid}`)).toEqual([
      'Error executing query.',
      'Cannot read notes/missing.txt: no such file.',
    ]);
    expect(t.host.read).toEqual(['route.txt', 'notes/missing.txt']);
    expect(h.fake.requests).toHaveLength(0);
    expect(await stored(logbook.logid)).toEqual([['context', undefined]]);
  });

  it("prints the server's refusal of an image for a model that takes none, and stores no question", async () => {
    const logbook = await withWell();
    const image = await png();
    const t = await onDisk({ 'photo.png': image });
    expect(await t.lines(`q -r Describe it -f photo.png -l ${logbook.logid}`)).toEqual([
      `Attached photo.png (${image.length} B)`,
      'Error executing query.',
      'The model "openai-compatible/llama3.2" does not accept images.',
    ]);
    expect(h.fake.requests).toHaveLength(0);
    expect(await stored(logbook.logid)).toEqual([['context', undefined]]);
  });

  it('refuses more than ten files before reading any', async () => {
    const logbook = await withWell();
    const t = await onDisk({ 'route.txt': ROUTE });
    const eleven = Array.from({ length: 11 }, () => '-f route.txt').join(' ');
    expect(await t.lines(`q -r All of them ${eleven} -l ${logbook.logid}`)).toEqual([
      'Error executing query.',
      'A question carries at most 10 files.',
    ]);
    expect(t.host.read).toEqual([]);
  });

  it('says where to attach files in a terminal that cannot read them (the browser)', async () => {
    const logbook = await withWell();
    const t = mapperFor(h.alice);
    expect(await t.lines(`q -r Read it -f route.txt -l ${logbook.logid}`)).toEqual([
      'Error: This terminal cannot read files from your computer. Attach them with the paperclip ' +
        '("Attach files") by the Scribe on the logbook page, or ask from the mapper CLI.',
    ]);
    expect(await stored(logbook.logid)).toEqual([['context', undefined]]);
  });
});

describe('query -f FILE over the size limit', () => {
  const small = useServer({ users: ['carol'], fake: true, overrides: { fileMaxBytes: 1024 } });

  it("prints the server's limit and asks nothing", async () => {
    const well = await createFakeWell(small.carol.client, small.fake);
    const logbook = await createLogbook(small.carol.client, { logwell: well.wellid });
    const t = mapperFor(small.carol);
    t.host.withDisk({ 'big.txt': 'a'.repeat(2048) });
    expect(await t.lines(`q -r Too much? -f big.txt -l ${logbook.logid}`)).toEqual([
      'Error executing query.',
      'Cannot attach big.txt: The file is too large: the limit is 1 KB.',
    ]);
    expect(small.fake.requests).toHaveLength(0);
    expect(await storedEntries(small.carol.client, logbook.logid)).toEqual([]);
  });
});

describe('cat and files', () => {
  it('names the files an entry carries, with their sizes, under it', async () => {
    const logbook = await withWell();
    const t = await onDisk({ 'route.txt': ROUTE });
    await t.lines(`q -r Which city first? -f route.txt -l ${logbook.logid}`);
    const lines = await mapperFor(h.alice).lines(`cat -l ${logbook.logid}`);
    expect(lines.slice(2, 4)).toEqual(['[1] <query> Which city first?', '    files: route.txt (20 B)']);
  });
});
