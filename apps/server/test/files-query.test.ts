import type { ApiClient } from '@caravanserai/api';
import {
  createFakeWell,
  createLogbook,
  expectStatus,
  ORIGINS,
  png,
  textPdf,
  useServer,
} from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_PART_TOKENS } from '../src/modules/queries/query-prompt.js';

const t = useServer({ users: ['alice', 'bob'], fake: true });

beforeEach(() => t.fake.reset());

type Origin = (typeof ORIGINS)[keyof typeof ORIGINS];

async function logbookOn(origin: Origin, memory = false) {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: origin });
  return createLogbook(t.alice.client, { logwell: well.wellid, memory });
}

const upload = (client: ApiClient, logid: string, bytes: Uint8Array, name: string) =>
  client.files.upload(logid, new Blob([bytes]), name);

/** The raw body the provider was last sent, as text. */
const lastBody = () => JSON.stringify(t.fake.requests.at(-1)?.body);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('a question carrying files', () => {
  it('sends an image to each provider family in its own wire format, and keeps it on the query', async () => {
    const image = await png(6, 6, '#e0a030');
    const shapes: [Origin, RegExp][] = [
      [ORIGINS.openai, /"type":"input_image","image_url":"data:image\/png;base64,/],
      [ORIGINS.anthropic, /"type":"image","source":\{"type":"base64","media_type":"image\/png","data":"/],
      [ORIGINS.google, /"inlineData":\{"mimeType":"image\/png","data":"/],
      [ORIGINS.mistral, /"type":"image_url","image_url":"data:image\/png;base64,/],
      [
        'openai-compatible/llava' as Origin,
        /"type":"image_url","image_url":\{"url":"data:image\/png;base64,/,
      ],
    ];
    for (const [origin, shape] of shapes) {
      const logbook = await logbookOn(origin);
      const file = await upload(t.alice.client, logbook.logid, image, 'chart.png');
      const result = await t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: 'What colour is this?',
        files: [file.file_id],
      });
      expect(lastBody(), origin).toMatch(shape);
      expect(lastBody(), origin).toContain(base64(image));
      expect(t.fake.requests.at(-1)?.messages.at(-1)?.content).toBe('What colour is this?');

      const read = await t.alice.client.logbooks.get(logbook.logid);
      expect(read.files).toEqual([expect.objectContaining({ file_id: file.file_id, name: 'chart.png' })]);
      const page = await t.alice.client.logbooks.entries(logbook.logid);
      expect(page.entries[0]).toMatchObject({
        tag: 'query',
        attrs: { qid: result.data.qid, files: file.file_id },
        files: [{ file_id: file.file_id, name: 'chart.png', media_type: 'image/png', size: image.length }],
      });
      expect(page.entries[1]?.files).toEqual([]);
    }
  });

  it('sends a PDF as a document where the provider reads PDFs, else its text', async () => {
    const pdf = textPdf('Tide tables at dawn');
    const anthropic = await logbookOn(ORIGINS.anthropic);
    const forAnthropic = await upload(t.alice.client, anthropic.logid, pdf, 'tides.pdf');
    await t.alice.client.queries.submit({
      logid: anthropic.logid,
      prompt: 'Summarise',
      files: [forAnthropic.file_id],
    });
    expect(lastBody()).toMatch(
      /"type":"document","source":\{"type":"base64","media_type":"application\/pdf"/,
    );
    expect(lastBody()).toContain(base64(pdf));
    const shapes: [Origin, RegExp][] = [
      [
        ORIGINS.openai,
        /"type":"input_file","filename":"tides\.pdf","file_data":"data:application\/pdf;base64,/,
      ],
      [ORIGINS.google, /"inlineData":\{"mimeType":"application\/pdf","data":"/],
      [ORIGINS.mistral, /"type":"document_url","document_url":"data:application\/pdf;base64,/],
    ];
    for (const [origin, shape] of shapes) {
      const logbook = await logbookOn(origin);
      const file = await upload(t.alice.client, logbook.logid, pdf, 'tides.pdf');
      await t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: 'Summarise',
        files: [file.file_id],
      });
      expect(lastBody(), origin).toMatch(shape);
      expect(lastBody(), origin).toContain(base64(pdf));
      // The document itself, not its text as well.
      expect(lastBody(), origin).not.toContain('Tide tables at dawn');
    }

    const local = await logbookOn(ORIGINS['openai-compatible']);
    const forLocal = await upload(t.alice.client, local.logid, pdf, 'tides.pdf');
    await t.alice.client.queries.submit({
      logid: local.logid,
      prompt: 'Summarise',
      files: [forLocal.file_id],
    });
    expect(lastBody()).not.toContain(base64(pdf));
    expect(t.fake.requests.at(-1)?.messages).toEqual([
      { role: 'user', content: 'Summarise\nFile "tides.pdf":\n\nTide tables at dawn' },
    ]);
  });

  it('counts the files among the estimated input tokens when the provider reports no counts', async () => {
    const image = await png(6, 6, '#40a060');
    const pdf = textPdf('Tide tables at dawn');
    const notes = Buffer.from('High tide at six, low tide at noon, high again at six. '.repeat(20));
    // Each question in a logbook of its own, memory off: the prompts differ only by their files.
    const ask = async (files: [Uint8Array, string][]) => {
      const logbook = await logbookOn(ORIGINS.mistral);
      const ids: string[] = [];
      for (const [bytes, name] of files)
        ids.push((await upload(t.alice.client, logbook.logid, bytes, name)).file_id);
      t.fake.enqueue({ kind: 'reply', text: 'Noted.', reportUsage: false });
      const result = await t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: 'When?',
        files: ids,
      });
      expect(result.data.usage?.estimated).toBe(true);
      expect(result.data.entry.attrs.tokens_estimated).toBe('true');
      expect(result.data.usage?.input_tokens).toBe(Number(result.data.entry.attrs.input_tokens));
      return result.data.usage!.input_tokens;
    };
    const bare = await ask([]);
    const withText = await ask([[notes, 'notes.txt']]);
    const withAll = await ask([
      [notes, 'notes.txt'],
      [image, 'chart.png'],
      [pdf, 'tides.pdf'],
    ]);
    // The text file is counted as the text it is sent as; the image and the PDF as file parts.
    expect(withText - bare).toBeGreaterThan(100);
    expect(withAll - withText).toBe(2 * FILE_PART_TOKENS);
  });

  it('sends a text file as text naming the file', async () => {
    const logbook = await logbookOn(ORIGINS.google);
    const file = await upload(t.alice.client, logbook.logid, Buffer.from('a,b\n1,2\n'), 'table.csv');
    await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Add the columns',
      files: [file.file_id],
    });
    expect(t.fake.requests.at(-1)?.messages).toEqual([
      { role: 'user', content: 'Add the columns\nFile "table.csv":\n\na,b\n1,2\n' },
    ]);
  });

  it('refuses an image for a model that takes none, before anything is stored or sent', async () => {
    const logbook = await logbookOn(ORIGINS['openai-compatible']);
    const file = await upload(t.alice.client, logbook.logid, await png(), 'photo.png');
    const refused = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Describe it', files: [file.file_id] }),
      400,
    );
    expect(refused).toEqual({ files: ['The model "openai-compatible/llama3.2" does not accept images.'] });
    expect(t.fake.requests).toEqual([]);
    expect((await t.alice.client.logbooks.get(logbook.logid)).entry_count).toBe(0);
  });

  it('refuses files that are not the asker’s own, and more than ten or the same one twice', async () => {
    const logbook = await logbookOn(ORIGINS.openai);
    const bobs = await createLogbook(t.bob.client, {});
    const theirs = await upload(t.bob.client, bobs.logid, Buffer.from('private'), 'p.txt');
    const refused = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Read it', files: [theirs.file_id] }),
      400,
    );
    expect(refused).toEqual({
      files: [`No file of yours has the id "${theirs.file_id}": upload it to this logbook first.`],
    });
    const mine = await upload(t.alice.client, logbook.logid, Buffer.from('x'), 'x.txt');
    await expectStatus(
      t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: 'Twice',
        files: [mine.file_id, mine.file_id],
      }),
      400,
    );
    const eleven = Array.from({ length: 11 }, () => mine.file_id);
    await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Many', files: eleven }),
      400,
    );
    await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Bad id', files: ['not an id!'] }),
      400,
    );
    expect(t.fake.requests).toEqual([]);
  });

  it('sends earlier questions’ files again within a bound, newest first, and names the rest', async () => {
    const logbook = await logbookOn(ORIGINS.openai, true);
    const ids: string[] = [];
    for (let n = 0; n < 21; n++)
      ids.push((await upload(t.alice.client, logbook.logid, Buffer.from(`note ${n}`), `n${n}.txt`)).file_id);
    for (const [start, end] of [
      [0, 7],
      [7, 14],
      [14, 21],
    ])
      await t.alice.client.queries.submit({
        logid: logbook.logid,
        prompt: `Notes ${start}`,
        files: ids.slice(start, end),
      });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Which note came first?' });
    const first = t.fake.requests.at(-1)?.messages[0]?.content ?? '';
    expect(first).toContain('File "n0.txt":\n\n[Sent with an earlier question; left out now.]');
    expect(first).toContain('File "n1.txt":\n\nnote 1');
    expect(t.fake.requests.at(-1)?.messages.at(-2)?.content).toContain('File "n20.txt":\n\nnote 20');
  });

  it('sends an earlier question’s files again with memory on, and a regenerated answer its own', async () => {
    const logbook = await logbookOn(ORIGINS.openai, true);
    const image = await png(5, 5, '#102030');
    const file = await upload(t.alice.client, logbook.logid, image, 'first.png');
    const first = await t.alice.client.queries.submit({
      logid: logbook.logid,
      prompt: 'Look at this',
      files: [file.file_id],
    });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'And now?' });
    expect(lastBody()).toContain(base64(image));
    expect(t.fake.requests.at(-1)?.messages.map((m) => m.content)).toEqual([
      'Look at this',
      expect.any(String),
      'And now?',
    ]);

    t.fake.reset();
    await t.alice.client.queries.stream({ logid: logbook.logid, prompt: 'ignored', qid: first.data.qid });
    expect(lastBody()).toContain(base64(image));
    expect(t.fake.requests.at(-1)?.messages).toEqual([{ role: 'user', content: 'Look at this' }]);
  });
});
