import { BACKUP_VERSION, BackupManifest, pathOf, routes } from '@caravanserai/api';
import { parseLog, serializeLog } from '@caravanserai/logbook';
import { createLogbook, entry, expectStatus, type SignedIn, useServer } from '@caravanserai/test-kit';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFile, upload, waitForJob } from './import-helpers.js';

const t = useServer({ users: ['alice', 'carol', 'dave', 'erin', 'frank'] });

/** Alice's things: two journals, a logbook in none, flags of every kind, awkward text. */
async function fillAlice() {
  const travels = await t.alice.client.journals.create({
    title: 'Travels',
    instructions: 'Name the oases.\nKeep it short.',
  });
  const notes = await t.alice.client.journals.create({ title: 'Notes & <things>' });
  const merv = await createLogbook(t.alice.client, {
    title: 'Road to Merv',
    description: 'Caravan routes\nand wells',
    journal: travels.jid,
    private: false,
    salted: true,
    memory: false,
    entries: [
      entry('context', 'You are a guide.'),
      entry('query', 'Is <b> & "x" safe?', { qid: 'q1111111', created: '2024-01-01T00:00:00.000Z' }),
      entry('gen', 'It is escaped. 漢字 and emoji 🐪', { qid: 'q1111111', model: 'gpt-4o' }),
      entry('comment', 'thinking…'),
    ],
  });
  const empty = await createLogbook(t.alice.client, { title: 'Empty one', journal: notes.jid });
  const loose = await createLogbook(t.alice.client, {
    title: 'Loose',
    forked: true,
    entries: [entry('code', 'print(1)'), entry('shell', '1')],
  });
  // Two answers to one question, the older one chosen: the tree and the choice go with the backup.
  const branched = await createLogbook(t.alice.client, {
    title: 'Branched',
    journal: travels.jid,
    entries: [
      entry('query', 'Which road?', { qid: 'q2222222', eid: 'roadq000' }),
      entry('gen', 'The northern one.', { qid: 'q2222222', eid: 'north000' }),
      entry('gen', 'The southern one.', { qid: 'q2222222', eid: 'south000', parent: 'roadq000' }),
    ],
  });
  await t.alice.client.logbooks.head(branched.logid, { eid: 'north000' });
  await t.alice.client.logbooks.patch(branched.logid, {
    settings: { temperature: 0.4, max_output_tokens: 1200, reasoning_effort: 'medium' },
  });
  return { travels, notes, logbooks: [merv, empty, loose, branched] };
}

async function backupOf(user: SignedIn) {
  const response = await t.server.http(pathOf(routes.backup.download), { token: user.token });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="caravanserai-backup-${user.username}-${new Date().toISOString().slice(0, 10)}.zip"`,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files = unzipSync(bytes);
  const manifest = BackupManifest.parse(JSON.parse(new TextDecoder().decode(files['manifest.json'])));
  return { bytes, files, manifest };
}

/** Every logbook of the user, by title: its log, flags, journal title and head. */
async function snapshot(user: SignedIn) {
  const journals = new Map((await user.client.journals.list()).map((j) => [j.jid, j.title]));
  const out: Record<string, unknown> = {};
  for (const summary of await user.client.logbooks.list()) {
    const logbook = await user.client.logbooks.get(summary.logid);
    out[logbook.title] = {
      entries: parseLog(logbook.log),
      description: logbook.description,
      private: logbook.private,
      salted: logbook.salted,
      forked: logbook.forked,
      memory: logbook.memory,
      settings: logbook.settings,
      journal: logbook.jid === null ? null : journals.get(logbook.jid),
      head: logbook.head,
    };
  }
  return out;
}

describe('GET /export/', () => {
  it('is a zip of manifest.json and one XML per logbook, as the app serialises it', async () => {
    const { travels, notes, logbooks } = await fillAlice();
    const { files, manifest } = await backupOf(t.alice);
    expect(manifest).toMatchObject({
      format: 'caravanserai-backup',
      version: BACKUP_VERSION,
      username: t.alice.username,
    });
    expect(Number.isNaN(Date.parse(manifest.exported_at))).toBe(false);
    expect(manifest.journals.map((j) => j.title)).toEqual(['Travels', 'Notes & <things>', '']);
    const [merv, , , branched] = logbooks;
    const mervHead = (await t.alice.client.logbooks.get(merv!.logid)).head;
    expect(manifest.journals[0]).toEqual({
      jid: travels.jid,
      title: 'Travels',
      instructions: 'Name the oases.\nKeep it short.',
      logbooks: [
        {
          logid: merv!.logid,
          title: 'Road to Merv',
          description: 'Caravan routes\nand wells',
          private: false,
          salted: true,
          forked: false,
          memory: false,
          settings: { temperature: null, max_output_tokens: null, reasoning_effort: null },
          path: `${travels.jid}/${merv!.logid}.xml`,
          head: mervHead,
        },
        {
          logid: branched!.logid,
          title: 'Branched',
          description: '',
          private: true,
          salted: false,
          forked: false,
          memory: true,
          settings: { temperature: 0.4, max_output_tokens: 1200, reasoning_effort: 'medium' },
          path: `${travels.jid}/${branched!.logid}.xml`,
          head: 'north000',
        },
      ],
    });
    expect(manifest.journals[1]!.jid).toBe(notes.jid);
    expect(Object.keys(files).sort()).toEqual(
      ['manifest.json', ...manifest.journals.flatMap((j) => j.logbooks.map((l) => l.path))].sort(),
    );
    for (const logbook of logbooks) {
      const path = manifest.journals.flatMap((j) => j.logbooks).find((l) => l.logid === logbook.logid)!.path;
      expect(new TextDecoder().decode(files[path])).toBe(
        (await t.alice.client.logbooks.get(logbook.logid)).log,
      );
    }
  });

  it('holds nothing of anyone else’s, and needs a signed-in user', async () => {
    const { manifest, files } = await backupOf(t.dave);
    expect(manifest.journals).toEqual([]);
    expect(Object.keys(files)).toEqual(['manifest.json']);
    expect((await t.server.http(pathOf(routes.backup.download))).status).toBe(401);
  });
});

describe('POST /export/restore/', () => {
  it('rebuilds the logbooks in a fresh account with identical logs, titles and flags; twice changes nothing', async () => {
    const { bytes } = await backupOf(t.alice);
    const expected = await snapshot(t.alice);

    const first = await importFile(t.server, t.carol, bytes, {
      path: pathOf(routes.backup.restore),
      filename: 'b.zip',
    });
    expect(first).toMatchObject({ status: 'done', format: 'caravanserai-backup', skipped: [] });
    expect(first.imported).toHaveLength(Object.keys(expected).length);
    expect(await snapshot(t.carol)).toEqual(expected);
    const journals = await t.carol.client.journals.list();

    const second = await importFile(t.server, t.carol, bytes, {
      path: pathOf(routes.backup.restore),
      filename: 'b.zip',
    });
    expect(second).toMatchObject({ status: 'done', imported: [], updated: 0 });
    expect(second.duplicates).toBe(first.imported.length);
    expect(await snapshot(t.carol)).toEqual(expected);
    expect(await t.carol.client.journals.list()).toHaveLength(journals.length);
  });

  it('finds every logbook already there when restored into the account it came from', async () => {
    const { bytes } = await backupOf(t.alice);
    const before = await snapshot(t.alice);
    const journals = await t.alice.client.journals.list();
    const job = await importFile(t.server, t.alice, bytes, { path: pathOf(routes.backup.restore) });
    expect(job).toMatchObject({ status: 'done', imported: [], updated: 0, skipped: [] });
    expect(await snapshot(t.alice)).toEqual(before);
    expect(await t.alice.client.journals.list()).toHaveLength(journals.length);
  });

  it('takes only a backup: any other file is 400, a missing one too', async () => {
    const log = serializeLog([entry('query', 'Hi', { qid: 'q2222222' })]);
    const response = await upload(t.server, t.dave, log, {
      path: pathOf(routes.backup.restore),
      filename: 'x.xml',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { file: string[] }).file[0]).toMatch(/Not a Caravanserai backup/);
    const none = await t.server.http(pathOf(routes.backup.restore), {
      method: 'POST',
      token: t.dave.token,
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(await t.dave.client.logbooks.list()).toEqual([]);
  });

  it('restores a logbook grown past one write’s 5 MB identically, with its title and description as they were', async () => {
    const chunk = (n: number) => `${String(n).repeat(10)} ${'camel '.repeat(270_000)}`;
    const start = Array.from({ length: 1000 }, (_, i) =>
      entry(i % 2 ? 'gen' : 'query', `turn ${i} ${'sand '.repeat(100)}`, {
        qid: `q${String(i >> 1).padStart(7, '0')}`,
      }),
    );
    const big = await createLogbook(t.erin.client, {
      title: 'Road  to  Samarkand',
      description: 'Kept as written:\n  two spaces,\n\nblank line  ',
      entries: start,
    });
    // Grown by appends and log writes, each within the 5 MB a request may carry.
    const grown = await t.erin.client.logbooks.updateLog(big.logid, {
      log: serializeLog([...start, entry('comment', chunk(1))]),
    });
    for (const n of [2, 3, 4]) {
      await t.erin.client.entries.write({
        logid: big.logid,
        tag: n === 3 ? 'gen' : 'comment',
        content: chunk(n),
      });
    }
    await t.erin.client.logbooks.update(big.logid, { salted: true, version: grown.version + 3 });
    const original = await t.erin.client.logbooks.get(big.logid);
    expect(original.log.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(original.salted).toBe(true);

    const { bytes } = await backupOf(t.erin);
    const job = await importFile(t.server, t.frank, bytes, {
      path: pathOf(routes.backup.restore),
      filename: 'b.zip',
    });
    expect(job).toMatchObject({ status: 'done', skipped: [] });
    expect(job.imported).toHaveLength(1);
    const restored = await t.frank.client.logbooks.get(job.imported[0]!.logid);
    expect(restored.title).toBe('Road  to  Samarkand');
    expect(restored.description).toBe('Kept as written:\n  two spaces,\n\nblank line  ');
    expect(restored.salted).toBe(true);
    expect(restored.entry_count).toBe(original.entry_count);
    const want = parseLog(original.log);
    const got = parseLog(restored.log);
    expect(got).toHaveLength(want.length);
    for (let i = 0; i < want.length; i++) expect(got[i], `entry ${i}`).toEqual(want[i]);
    expect(restored.log).toBe(original.log);
  }, 60_000);

  it('works through the typed client as well', async () => {
    const backup = await t.alice.client.backup.download();
    const started = await t.dave.client.backup.restore(backup, 'backup.zip');
    const job = await waitForJob(t.dave, started.job_id);
    expect(job.status).toBe('done');
    expect(await snapshot(t.dave)).toEqual(await snapshot(t.alice));
    await expectStatus(t.dave.client.backup.restore(new Blob(['nope']), 'x.zip'), 400);
  });
});
