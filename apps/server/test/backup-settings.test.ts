import { BackupManifest, pathOf, routes } from '@caravanserai/api';
import { createLogbook, entry, type SignedIn, useServer } from '@caravanserai/test-kit';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFile } from './import-helpers.js';

const t = useServer({ users: ['alice', 'carol', 'dave', 'erin'] });

const SETTINGS = {
  instructions: 'Answer like a caravan master.\nBe brief.',
  memory_default: false,
  auto_titles: false,
};
const settingsOf = async (user: SignedIn) => {
  const { instructions, memory_default, auto_titles } = await user.client.auth.user();
  return { instructions, memory_default, auto_titles };
};

/** Alice's settings, a journal with instructions and one without, a logbook with memory off. */
async function aliceWithSettings() {
  await t.alice.client.auth.updateUser(SETTINGS);
  const guided = await t.alice.client.journals.create({ title: 'Guided', instructions: 'Use metric units.' });
  await t.alice.client.journals.create({ title: 'Plain' });
  await createLogbook(t.alice.client, {
    title: 'Forgetful',
    journal: guided.jid,
    memory: false,
    entries: [entry('query', 'Where?', { qid: 'q1111111' })],
  });
  await createLogbook(t.alice.client, { title: 'Remembering', journal: guided.jid, memory: true });
}

async function backupOf(user: SignedIn) {
  const response = await t.server.http(pathOf(routes.backup.download), { token: user.token });
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const manifest = BackupManifest.parse(JSON.parse(new TextDecoder().decode(files['manifest.json'])));
  return { files, manifest };
}

/** The backup zip again with its manifest as `edit` leaves the parsed JSON. */
function rezip(files: Record<string, Uint8Array>, edit: (manifest: Record<string, unknown>) => void) {
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Record<string, unknown>;
  edit(manifest);
  return zipSync({ ...files, 'manifest.json': new TextEncoder().encode(JSON.stringify(manifest)) });
}

const restore = (user: SignedIn, bytes: Uint8Array) =>
  importFile(t.server, user, bytes, { path: pathOf(routes.backup.restore), filename: 'b.zip' });

/** Each journal's title and instructions, and each logbook's title and memory. */
async function shape(user: SignedIn) {
  const journals = await user.client.journals.list();
  const logbooks = await user.client.logbooks.list();
  return {
    journals: Object.fromEntries(journals.map((j) => [j.title, j.instructions])),
    memory: Object.fromEntries(logbooks.map((l) => [l.title, l.memory])),
  };
}

describe('a backup and the settings for asking', () => {
  it('carries the owner’s settings, each journal’s instructions and each logbook’s memory', async () => {
    await aliceWithSettings();
    const { manifest } = await backupOf(t.alice);
    expect(manifest.account).toEqual(SETTINGS);
    const guided = manifest.journals.find((j) => j.title === 'Guided')!;
    expect(guided.instructions).toBe('Use metric units.');
    expect(manifest.journals.find((j) => j.title === 'Plain')?.instructions).toBe('');
    expect(guided.logbooks.map((l) => [l.title, l.memory])).toEqual([
      ['Forgetful', false],
      ['Remembering', true],
    ]);
  });

  it('restored into a fresh account gives them all back', async () => {
    const { files } = await backupOf(t.alice);
    expect(await settingsOf(t.carol)).toEqual({ instructions: '', memory_default: true, auto_titles: true });
    const job = await restore(
      t.carol,
      rezip(files, () => {}),
    );
    expect(job).toMatchObject({ status: 'done', skipped: [] });
    expect(await settingsOf(t.carol)).toEqual(SETTINGS);
    expect(await shape(t.carol)).toEqual({
      journals: { Guided: 'Use metric units.' },
      memory: { Forgetful: false, Remembering: true },
    });
  });

  it('made before these settings restores with the defaults: the account’s own kept, no instructions, memory on', async () => {
    const { files } = await backupOf(t.alice);
    const old = rezip(files, (manifest) => {
      delete manifest.account;
      for (const journal of manifest.journals as Record<string, unknown>[]) {
        delete journal.instructions;
        for (const logbook of journal.logbooks as Record<string, unknown>[]) delete logbook.memory;
      }
    });
    await t.dave.client.auth.updateUser({ instructions: 'Dave’s own', auto_titles: false });
    const before = await settingsOf(t.dave);
    const job = await restore(t.dave, old);
    expect(job).toMatchObject({ status: 'done', skipped: [] });
    expect(job.imported).toHaveLength(2);
    expect(await settingsOf(t.dave)).toEqual(before);
    expect(await shape(t.dave)).toEqual({
      journals: { Guided: '' },
      memory: { Forgetful: true, Remembering: true },
    });
  });

  it('with instructions no account could hold restores the rest without them', async () => {
    const { files } = await backupOf(t.alice);
    const tooLong = 'x'.repeat(20_001);
    const broken = rezip(files, (manifest) => {
      (manifest.account as Record<string, unknown>).instructions = `a\u0000b`;
      for (const journal of manifest.journals as Record<string, unknown>[]) journal.instructions = tooLong;
    });
    const job = await restore(t.erin, broken);
    expect(job).toMatchObject({ status: 'done', skipped: [] });
    expect(await settingsOf(t.erin)).toEqual({ ...SETTINGS, instructions: '' });
    expect((await shape(t.erin)).journals).toEqual({ Guided: '' });
  });

  it('imported rather than restored leaves the account’s settings alone', async () => {
    const { files } = await backupOf(t.alice);
    const user = await t.server.signup('importer');
    const job = await importFile(
      t.server,
      user,
      rezip(files, () => {}),
      { filename: 'b.zip' },
    );
    expect(job).toMatchObject({ status: 'done', format: 'caravanserai-backup', skipped: [] });
    expect(await settingsOf(user)).toEqual({ instructions: '', memory_default: true, auto_titles: true });
    expect((await shape(user)).journals).toEqual({ Guided: 'Use metric units.' });
  });
});
