import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathOf, routes } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import {
  entriesOf,
  entry,
  expectStatus,
  type SignedIn,
  startServer,
  type TestServer,
  useServer,
} from '@caravanserai/test-kit';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationWriter } from '../src/modules/imports/conversation-writer.js';
import type { ExportReader } from '../src/modules/imports/formats/conversation.js';
import { ImportJobsRepository } from '../src/modules/imports/import-jobs.repository.js';
import { journalChooser } from '../src/modules/imports/import-journals.js';
import { runImport } from '../src/modules/imports/import-run.js';
import { ImportTargetsRepository } from '../src/modules/imports/import-targets.repository.js';
import { JournalsRepository } from '../src/modules/journals/journals.repository.js';
import { EntriesRepository } from '../src/modules/logbooks/entries.repository.js';
import { LogbooksRepository } from '../src/modules/logbooks/logbooks.repository.js';
import { tempDir } from './fixtures/imports/fixtures.js';
import { importFile, upload, waitForJob } from './import-helpers.js';
import { jobRow } from './import-queue-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol'] });

const log = (text: string) =>
  serializeLog([
    entry('query', text, { qid: 'q0000001' }),
    entry('gen', `Answer to ${text}`, { qid: 'q0000001' }),
  ]);

/** Uploads left on disk: none once every job has ended or been refused. */
const leftovers = (server: TestServer) => {
  try {
    return readdirSync(join(server.config.dataDir, 'imports'));
  } catch {
    return [];
  }
};

describe('POST /import/', () => {
  it('answers 202 with a job that ends done, filing the logbook in a new journal named after the source', async () => {
    const job = await importFile(t.server, t.alice, log('Which oasis?'), { filename: 'road.xml' });
    expect(job).toMatchObject({ status: 'done', format: 'caravanserai-xml', total: 1, done: 1 });
    expect(job.skipped).toEqual([]);
    expect(job.imported).toHaveLength(1);
    const logbook = await t.alice.client.logbooks.get(job.imported[0]!.logid);
    expect(entriesOf(logbook).map((e) => e.content)).toEqual(['Which oasis?', 'Answer to Which oasis?']);
    expect(logbook.private).toBe(true);
    const journal = await t.alice.client.journals.get(logbook.jid!);
    expect(journal.title).toBe(`Logbook import ${new Date().toISOString().slice(0, 10)}`);
    expect(leftovers(t.server)).toEqual([]);
  });

  it('skips a logbook whose entries do not make a tree, saying which entry, and imports nothing of it', async () => {
    const broken = serializeLog([
      entry('query', 'Which oasis?', { eid: 'oasisq00' }),
      entry('gen', 'Lost.', { parent: 'nowhere0' }),
    ]);
    const job = await importFile(t.server, t.carol, broken, { filename: 'broken.xml' });
    expect(job).toMatchObject({ status: 'done', imported: [] });
    expect(job.skipped.map((s) => s.reason)).toEqual([
      'Could not be read: Entry 1: parent "nowhere0" names no entry before it.',
    ]);
    expect(await t.carol.client.logbooks.list()).toEqual([]);
  });

  it('counts an unchanged file imported again as duplicates and makes nothing new', async () => {
    const first = await importFile(t.server, t.bob, log('Once'));
    const journals = await t.bob.client.journals.list();
    const logbooks = await t.bob.client.logbooks.list();
    const again = await importFile(t.server, t.bob, log('Once'));
    expect(again).toMatchObject({ status: 'done', duplicates: 1, updated: 0, imported: [], skipped: [] });
    expect(first.imported).toHaveLength(1);
    expect(await t.bob.client.logbooks.list()).toHaveLength(logbooks.length);
    expect(await t.bob.client.journals.list()).toHaveLength(journals.length);
  });

  it('files into the journal named, which must be the user’s own', async () => {
    const own = await t.alice.client.journals.create({ title: 'Imports here' });
    const job = await importFile(t.server, t.alice, log('Filed'), { journal: own.jid });
    expect((await t.alice.client.journals.get(own.jid)).logbooks.map((l) => l.logid)).toEqual([
      job.imported[0]!.logid,
    ]);

    const bobs = await t.bob.client.journals.create({ title: 'Bob’s' });
    for (const journal of [bobs.jid, 'nosuchjournal']) {
      const refused = await upload(t.server, t.alice, log('Elsewhere'), { journal });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ detail: 'Journal not found.', code: 'not_found' });
    }
    const malformed = await upload(t.server, t.alice, log('Elsewhere'), { journal: 'not an id!' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ journal: ['Not a valid id.'] });
    expect((await t.bob.client.journals.get(bobs.jid)).logbooks).toEqual([]);
    expect(leftovers(t.server)).toEqual([]);
  });

  it('refuses a file of no known format with 400 naming what was expected', async () => {
    const before = await t.alice.client.logbooks.list();
    for (const content of ['just some notes', '', new Uint8Array([0, 1, 2, 255, 254])]) {
      const response = await upload(t.server, t.alice, content, { filename: 'notes.txt' });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { file: string[] };
      expect(body.file[0]).toMatch(/expected/i);
    }
    expect(await t.alice.client.logbooks.list()).toHaveLength(before.length);
    expect(leftovers(t.server)).toEqual([]);
  });

  it('refuses a file holding an empty list with 400 saying it has no conversations', async () => {
    const response = await upload(t.server, t.alice, '[]', { filename: 'conversations.json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ file: ['No conversations found in this file.'] });
    expect(leftovers(t.server)).toEqual([]);
  });

  it('refuses a request without a file with 400', async () => {
    const onlyJournal = new FormData();
    onlyJournal.append('journal', 'abc');
    const otherField = new FormData();
    otherField.append('upload', new Blob([log('x')]), 'x.xml');
    for (const body of [onlyJournal, otherField]) {
      const response = await t.server.http(pathOf(routes.imports.start), {
        method: 'POST',
        token: t.alice.token,
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ file: ['No file was submitted.'] });
    }
    const json = await t.server.http(pathOf(routes.imports.start), {
      method: 'POST',
      token: t.alice.token,
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(Object.keys((await json.json()) as object)).toEqual(['file']);
    const broken = await t.server.http(pathOf(routes.imports.start), {
      method: 'POST',
      token: t.alice.token,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nunfinished',
    });
    expect(broken.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const form = new FormData();
    form.append('file', new Blob([log('x')]), 'x.xml');
    expect((await t.server.http(pathOf(routes.imports.start), { method: 'POST', body: form })).status).toBe(
      401,
    );
  });
});

describe('one import at a time per user', () => {
  it('answers 409 while another import of the user runs, lets others import meanwhile, and takes the next once it ended', async () => {
    const user = await t.server.signup('busy');
    const db = t.server.testDb.db.kysely;
    // What an import running in another server process looks like: a job heard of just now.
    await db.insertInto('import_jobs').values(jobRow('runningjob01', user.pk)).execute();

    const second = await upload(t.server, user, log('Meanwhile'));
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      detail: 'An import of yours is already running (job runningjob01): wait for it to end, then try again.',
      code: 'conflict',
    });
    const others = await upload(t.server, t.bob, log('Bob meanwhile'));
    expect(others.status).toBe(202);
    const { job_id: bobsJob } = (await others.json()) as { job_id: string };
    expect((await waitForJob(t.bob, bobsJob)).status).toBe('done');
    expect(await user.client.logbooks.list()).toEqual([]);

    await db
      .updateTable('import_jobs')
      .set({ status: 'done', finished_at: Date.now() })
      .where('job_id', '=', 'runningjob01')
      .execute();
    const work = await tempDir();
    try {
      const file = `${work.dir}/conversations.json`;
      await writeChatGptExport(file, 600, { turns: 2, answerChars: 100 });
      const job = await importFile(t.server, user, await readFile(file));
      expect(job).toMatchObject({ status: 'done', format: 'chatgpt', total: 600, done: 600 });
      expect(job.imported).toHaveLength(600);
      expect(leftovers(t.server)).toEqual([]);
    } finally {
      await work.remove();
    }
  }, 60_000);
});

describe('a running job', () => {
  it('answers its counts only, and lists what each conversation became once it has ended', async () => {
    const user = await t.server.signup('watcher');
    const db = t.server.testDb.db.kysely;
    await db
      .insertInto('import_jobs')
      .values(jobRow('watchedjob01', user.pk, { total: 2, done: 2, imported_count: 1, skipped_count: 1 }))
      .execute();
    await db
      .insertInto('import_job_items')
      .values([
        {
          job_id: 'watchedjob01',
          seq: 0,
          kind: 'imported',
          source_id: 'chatgpt:a',
          title: 'A',
          logid: 'lognumber001',
          reason: null,
        },
        {
          job_id: 'watchedjob01',
          seq: 1,
          kind: 'skipped',
          source_id: 'chatgpt:b',
          title: 'B',
          logid: null,
          reason: 'Empty.',
        },
      ])
      .execute();
    expect(await user.client.imports.get('watchedjob01')).toEqual({
      job_id: 'watchedjob01',
      status: 'running',
      format: 'chatgpt',
      total: 2,
      done: 2,
      imported: [],
      skipped: [],
      duplicates: 0,
      updated: 0,
    });
    await db
      .updateTable('import_jobs')
      .set({ status: 'done', finished_at: Date.now() })
      .where('job_id', '=', 'watchedjob01')
      .execute();
    expect(await user.client.imports.get('watchedjob01')).toMatchObject({
      status: 'done',
      imported: [{ logid: 'lognumber001', title: 'A', source_id: 'chatgpt:a' }],
      skipped: [{ source_id: 'chatgpt:b', title: 'B', reason: 'Empty.' }],
    });
  });
});

/** A chat export read one conversation at a time, which waits before the `holdAt`th until let go. */
function heldExport(count: number, holdAt: number) {
  let reached!: () => void;
  let release!: () => void;
  const atHold = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reader: ExportReader = {
    format: 'chatgpt',
    async *items() {
      for (let i = 0; i < count; i++) {
        if (i === holdAt) {
          reached();
          await released;
        }
        yield {
          conversation: {
            source_id: `chatgpt:held-${i}`,
            title: `Held ${i}`,
            entries: [
              entry('query', `Question ${i}`, { qid: 'q0000001' }),
              entry('gen', `Answer ${i}`, { qid: 'q0000001' }),
            ],
          },
        };
      }
    },
    async close() {},
  };
  return { reader, atHold, release };
}

/** Runs an import job over `reader` in this test, through the server's own writer and database. */
async function runHeld(
  user: SignedIn,
  jobId: string,
  reader: ExportReader,
  journal: string | null,
  beforeRun: () => Promise<void> = async () => {},
) {
  const db = t.server.testDb.db;
  const services = t.server.app.services;
  const jobs = new ImportJobsRepository(db.kysely);
  const writer = new ConversationWriter(
    db,
    new LogbooksRepository(db.kysely),
    new EntriesRepository(db.kysely),
    services.entries,
    new ImportTargetsRepository(db.kysely),
    services.files,
  );
  const row = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', user.pk)
    .executeTakeFirstOrThrow();
  await jobs.insert(jobId, user.pk, reader.format, Date.now());
  await beforeRun();
  return {
    jobs,
    done: runImport(
      jobs,
      writer,
      {
        jobId,
        user: row,
        reader,
        journalFor: journalChooser(new JournalsRepository(db.kysely), row, journal, reader.format),
        stopping: () => false,
      },
      t.server.app.log,
    ),
  };
}

describe('an import whose journal is deleted while it runs', () => {
  it('ends failed once, saying so, and keeps what it imported', async () => {
    const user = await t.server.signup('leaver');
    const journal = await user.client.journals.create({ title: 'Soon gone' });
    const held = heldExport(5, 2);
    const { done } = await runHeld(user, 'leaverjob001', held.reader, journal.jid);
    await held.atHold;
    await user.client.journals.remove(journal.jid);
    held.release();
    await done;

    const job = await user.client.imports.get('leaverjob001');
    expect(job).toMatchObject({
      status: 'failed',
      detail: 'The journal was deleted during the import. What was imported before is kept.',
      skipped: [],
    });
    expect(job.imported.map((i) => i.title)).toEqual(['Held 0', 'Held 1']);
    const kept = await user.client.logbooks.list();
    expect(kept.map((l) => l.title).sort()).toEqual(['Held 0', 'Held 1']);
  });
});

describe('an import whose progress cannot be saved', () => {
  it('ends failed saying the import could not be saved, not that the file could not be read', async () => {
    const user = await t.server.signup('unsaved');
    const held = heldExport(1, -1);
    // The first item's place is taken already: writing the job's progress fails in the database.
    const { jobs, done } = await runHeld(user, 'unsavedjob01', held.reader, null, async () => {
      await t.server.testDb.db.kysely
        .insertInto('import_job_items')
        .values({
          job_id: 'unsavedjob01',
          seq: 0,
          kind: 'skipped',
          source_id: 'x',
          title: 'x',
          logid: null,
          reason: 'x',
        })
        .execute();
    });
    await done;
    const row = await jobs.find('unsavedjob01');
    expect(row).toMatchObject({
      status: 'failed',
      detail: 'The import could not be saved. What was imported before is kept.',
    });
  });
});

describe('a job whose server process stopped', () => {
  it('is reported failed once its heartbeat is old, and no longer blocks a new import', async () => {
    const user = await t.server.signup('crashed');
    const long = Date.now() - 10 * 60 * 1000;
    // What a process that died mid-import leaves behind.
    await t.server.testDb.db.kysely
      .insertInto('import_jobs')
      .values({
        job_id: 'deadjob00001',
        user_id: user.pk,
        status: 'running',
        format: 'chatgpt',
        total: 5,
        done: 5,
        duplicates: 0,
        updated: 0,
        imported_count: 0,
        skipped_count: 0,
        detail: null,
        created_at: long,
        heartbeat_at: long,
        finished_at: null,
      })
      .execute();
    const job = await user.client.imports.get('deadjob00001');
    expect(job).toMatchObject({ status: 'failed', done: 5 });
    expect(job.detail).toMatch(/^The server stopped during the import/);
    expect((await importFile(t.server, user, log('Again'))).status).toBe('done');
  });
});

describe('GET /import/{job_id}/', () => {
  it('shows a job to its owner only', async () => {
    const job = await importFile(t.server, t.alice, log('Mine'));
    await expectStatus(t.bob.client.imports.get(job.job_id), 404);
    await expectStatus(t.server.client().imports.get(job.job_id), 401);
    await expectStatus(t.alice.client.imports.get('nosuchjob'), 404);
    expect(
      (await t.server.http(pathOf(routes.imports.get, { job_id: 'bad\u0000id' }), { token: t.alice.token }))
        .status,
    ).toBe(404);
    expect((await waitForJob(t.alice, job.job_id)).job_id).toBe(job.job_id);
  });
});

describe('IMPORT_MAX_MB', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startServer({ importMaxBytes: 2048 });
  });
  afterAll(() => small?.close());

  it('answers 413 too_large past the limit and keeps nothing of the file', async () => {
    const user = await small.signup('big');
    const big = log('x'.repeat(4096));
    const response = await upload(small, user, big);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'too_large' });
    expect(leftovers(small)).toEqual([]);
    expect(await user.client.logbooks.list()).toEqual([]);
    // A declared length far past the limit is refused before the upload is read.
    const huge = await upload(small, user, log('y'.repeat(2 * 1024 * 1024)));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      detail: 'The file is too large: the limit is 2 KB.',
      code: 'too_large',
    });
    expect(leftovers(small)).toEqual([]);
    const fits = await importFile(small, user, log('small'));
    expect(fits.status).toBe('done');
  });
});
