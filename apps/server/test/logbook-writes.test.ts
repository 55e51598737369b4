import { Logbook } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogbook, entriesOf, entry, nextMillisecond, sampleEntries } from './factories.js';
import { expectStatus, type SignedIn, startServer, type TestServer } from './helper.js';

let server: TestServer;
let alice: SignedIn;

beforeAll(async () => {
  server = await startServer();
  alice = await server.signup('alice');
});
afterAll(() => server.close());

const INVALID_LOG = { log: ['Invalid log XML format.'] };
const BROKEN_LOGS = [
  '<comment>unclosed',
  '<comment>a</gen>',
  '<logbook><query>x</query>',
  '<comment a=1>x</comment>',
];
const NEW_LOG = serializeLog([entry('comment', 'replaced'), entry('gen', 'twice')]);

async function logbookWithEntries() {
  return createLogbook(alice.client, { log: serializeLog(sampleEntries()) });
}

describe('changing a logbook’s settings', () => {
  it('PUT changes title, description, private, salted and journal', async () => {
    const journal = await alice.client.journals.create({ title: 'Target' });
    const logbook = await logbookWithEntries();
    const updated = await alice.client.logbooks.update(logbook.logid, {
      title: 'Renamed',
      description: 'Described',
      private: false,
      salted: true,
      journal: journal.jid,
    });
    const reread = await alice.client.logbooks.get(logbook.logid);
    expect(reread).toEqual(updated);
    expect(reread).toMatchObject({
      title: 'Renamed',
      description: 'Described',
      private: false,
      salted: true,
      journal: journal.jid,
    });
    expect(entriesOf(reread)).toEqual(sampleEntries());
    expect((await alice.client.journals.get(journal.jid)).logbooks.map((l) => l.logid)).toEqual([
      logbook.logid,
    ]);

    const unfiled = await alice.client.logbooks.update(logbook.logid, { journal: null, private: true });
    expect(unfiled.journal).toBeNull();
    expect(unfiled.private).toBe(true);
    expect((await alice.client.journals.get(journal.jid)).logbooks).toEqual([]);
  });

  it('PATCH changes only the fields given', async () => {
    const logbook = await createLogbook(alice.client, { title: 'Patch me', description: 'kept' });
    const patched = await alice.client.logbooks.patch(logbook.logid, { title: 'Patched' });
    expect(patched.title).toBe('Patched');
    expect(patched.description).toBe('kept');
    expect(patched.private).toBe(true);
    const again = await alice.client.logbooks.patch(logbook.logid, { private: false });
    expect(again.title).toBe('Patched');
    expect(again.private).toBe(false);
  });

  it('refuses a blank title on PUT with 400 and keeps the old one', async () => {
    const logbook = await createLogbook(alice.client, { title: 'Keep' });
    const before = await alice.client.logbooks.get(logbook.logid);
    const body = await expectStatus(alice.client.logbooks.update(logbook.logid, { title: '  ' }), 400);
    expect(body).toEqual({ title: ['This field may not be blank.'] });
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });

  it('refuses to file it in someone else’s journal', async () => {
    const bob = await server.signup('bob');
    const bobsJournal = await bob.client.journals.create({ title: 'Bob’s' });
    const logbook = await createLogbook(alice.client);
    const before = await alice.client.logbooks.get(logbook.logid);
    const body = await expectStatus(
      alice.client.logbooks.update(logbook.logid, { journal: bobsJournal.jid }),
      400,
    );
    expect(Object.keys(body)).toEqual(['journal']);
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
    expect((await bob.client.journals.get(bobsJournal.jid)).logbooks).toEqual([]);
  });
});

describe('deleting a logbook', () => {
  it('answers 204 and then 404', async () => {
    const logbook = await logbookWithEntries();
    const response = await server.http(`/journals/logbooks/${logbook.logid}/`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(response.status).toBe(204);
    await expectStatus(alice.client.logbooks.get(logbook.logid), 404);
    await expectStatus(alice.client.logbooks.remove(logbook.logid), 404);
    expect((await alice.client.logbooks.list()).map((l) => l.logid)).not.toContain(logbook.logid);
  });
});

describe('writing the log', () => {
  it('replaces the entries and bumps the version through PUT, PATCH and update_log', async () => {
    const logbook = await logbookWithEntries();
    expect(logbook.version).toBe(1);

    const put = await alice.client.logbooks.update(logbook.logid, { log: NEW_LOG });
    expect(put.version).toBe(2);
    expect(entriesOf(put)).toEqual([entry('comment', 'replaced'), entry('gen', 'twice')]);
    expect(put.entry_count).toBe(2);

    const patched = await alice.client.logbooks.patch(logbook.logid, { log: '<comment>patched</comment>' });
    expect(patched.version).toBe(3);
    expect(entriesOf(patched)).toEqual([entry('comment', 'patched')]);
    expect(patched.entry_count).toBe(1);

    const viaUpdateLog = await alice.client.logbooks.updateLog(logbook.logid, { log: '' });
    expect(viaUpdateLog.version).toBe(4);
    expect(entriesOf(viaUpdateLog)).toEqual([]);
    expect(viaUpdateLog.entry_count).toBe(0);

    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(viaUpdateLog);
  });

  it('does not bump the version for a change of settings alone', async () => {
    const logbook = await logbookWithEntries();
    const renamed = await alice.client.logbooks.update(logbook.logid, { title: 'Only the title' });
    expect(renamed.version).toBe(logbook.version);
    expect(entriesOf(renamed)).toEqual(sampleEntries());
  });

  it('refuses broken XML with 400 on log through create, PUT, PATCH and update_log, changing nothing', async () => {
    const logbook = await logbookWithEntries();
    await nextMillisecond();
    const before = await alice.client.logbooks.get(logbook.logid);
    for (const log of BROKEN_LOGS) {
      expect(await expectStatus(alice.client.logbooks.create({ log }), 400)).toEqual(INVALID_LOG);
      expect(
        await expectStatus(alice.client.logbooks.update(logbook.logid, { title: 'No', log }), 400),
      ).toEqual(INVALID_LOG);
      expect(await expectStatus(alice.client.logbooks.patch(logbook.logid, { log }), 400)).toEqual(
        INVALID_LOG,
      );
      expect(await expectStatus(alice.client.logbooks.updateLog(logbook.logid, { log }), 400)).toEqual(
        INVALID_LOG,
      );
    }
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
    expect((await alice.client.logbooks.list()).filter((l) => l.title === 'Default')).toEqual([]);
  });

  it('refuses an unknown tag inside a log', async () => {
    const logbook = await logbookWithEntries();
    const before = await alice.client.logbooks.get(logbook.logid);
    await expectStatus(alice.client.logbooks.updateLog(logbook.logid, { log: '<script>x</script>' }), 400);
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });
});

describe('optimistic concurrency', () => {
  it('refuses a stale version in the body with 409 and accepts the current one', async () => {
    const logbook = await logbookWithEntries();
    const current = await alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG, version: 1 });
    expect(current.version).toBe(2);
    await nextMillisecond();

    const stale = [
      () => alice.client.logbooks.updateLog(logbook.logid, { log: '<comment>lost</comment>', version: 1 }),
      () =>
        alice.client.logbooks.update(logbook.logid, {
          title: 'lost',
          log: '<comment>lost</comment>',
          version: 1,
        }),
      () => alice.client.logbooks.patch(logbook.logid, { log: '<comment>lost</comment>', version: 1 }),
    ];
    for (const call of stale) {
      const body = await expectStatus(call(), 409);
      expect(body.code).toBe('stale_version');
      expect(String(body.detail)).toContain('version 2');
    }
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(current);

    const accepted = await alice.client.logbooks.update(logbook.logid, {
      title: 'kept',
      log: '<comment>kept</comment>',
      version: 2,
    });
    expect(accepted.version).toBe(3);
    expect(accepted.title).toBe('kept');
    expect(entriesOf(accepted)).toEqual([entry('comment', 'kept')]);
  });

  it('refuses a stale If-Match header with 409 and accepts the current one', async () => {
    const logbook = await logbookWithEntries();
    await alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG });
    const current = await alice.client.logbooks.get(logbook.logid);
    expect(current.version).toBe(2);
    await nextMillisecond();

    for (const [method, path, body] of [
      ['POST', `/journals/logbooks/${logbook.logid}/update_log/`, { log: '<comment>lost</comment>' }],
      ['PUT', `/journals/logbooks/${logbook.logid}/`, { title: 'lost', log: '<comment>lost</comment>' }],
      ['PATCH', `/journals/logbooks/${logbook.logid}/`, { log: '<comment>lost</comment>' }],
    ] as const) {
      const response = await server.http(path, {
        method,
        token: alice.token,
        headers: { 'If-Match': '"1"' },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(409);
    }
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(current);

    const response = await server.http(`/journals/logbooks/${logbook.logid}/`, {
      method: 'PUT',
      token: alice.token,
      headers: { 'If-Match': '"2"' },
      body: JSON.stringify({ log: '<comment>kept</comment>' }),
    });
    expect(response.status).toBe(200);
    const accepted = Logbook.parse(await response.json());
    expect(accepted.version).toBe(3);
    expect(entriesOf(accepted)).toEqual([entry('comment', 'kept')]);
  });

  it('refuses an If-Match header that is not a version number with 400', async () => {
    const logbook = await logbookWithEntries();
    const before = await alice.client.logbooks.get(logbook.logid);
    const response = await server.http(`/journals/logbooks/${logbook.logid}/update_log/`, {
      method: 'POST',
      token: alice.token,
      headers: { 'If-Match': 'banana' },
      body: JSON.stringify({ log: '' }),
    });
    expect(response.status).toBe(400);
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });
});

describe('a salted logbook', () => {
  async function salted() {
    const logbook = await createLogbook(alice.client, { salted: true, log: serializeLog(sampleEntries()) });
    await nextMillisecond();
    return logbook;
  }

  it('refuses tag submit, update_log and a log in PUT or PATCH with 409, changing nothing', async () => {
    const logbook = await salted();
    const before = await alice.client.logbooks.get(logbook.logid);
    const refused = [
      () => alice.client.tags.submit({ logid: logbook.logid, tag: 'comment', content: 'no' }),
      () => alice.client.tags.submit({ logid: logbook.logid, tag: 'context', index: 0, fresh_tag: 'gen' }),
      () => alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG }),
      () => alice.client.logbooks.update(logbook.logid, { title: 'no', log: NEW_LOG }),
      () => alice.client.logbooks.patch(logbook.logid, { log: NEW_LOG }),
      () => alice.client.logbooks.update(logbook.logid, { log: NEW_LOG, salted: true }),
    ];
    for (const call of refused) {
      const body = await expectStatus(call(), 409);
      expect(body.code).toBe('salted');
      expect(String(body.detail)).toContain('This logbook is salted');
    }
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });

  it('still lets its owner change the settings', async () => {
    const logbook = await salted();
    const renamed = await alice.client.logbooks.update(logbook.logid, { title: 'Renamed while salted' });
    expect(renamed.title).toBe('Renamed while salted');
    expect(renamed.salted).toBe(true);
    expect(entriesOf(renamed)).toEqual(sampleEntries());
  });

  it('is unsalted by PUT {salted:false}, after which writes work', async () => {
    const logbook = await salted();
    const unsalted = await alice.client.logbooks.update(logbook.logid, { salted: false });
    expect(unsalted.salted).toBe(false);
    expect(entriesOf(unsalted)).toEqual(sampleEntries());

    const appended = await alice.client.tags.submit({
      logid: logbook.logid,
      tag: 'comment',
      content: 'now allowed',
    });
    expect(appended.index).toBe(3);
    const written = await alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG });
    expect(entriesOf(written)).toEqual([entry('comment', 'replaced'), entry('gen', 'twice')]);
  });

  it('takes {salted:false, log} in one PUT', async () => {
    const logbook = await salted();
    const updated = await alice.client.logbooks.update(logbook.logid, { salted: false, log: NEW_LOG });
    expect(updated.salted).toBe(false);
    expect(updated.version).toBe(logbook.version + 1);
    expect(entriesOf(updated)).toEqual([entry('comment', 'replaced'), entry('gen', 'twice')]);
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(updated);
  });

  it('stays salted when {salted:false, log} carries broken XML or a stale version', async () => {
    const logbook = await salted();
    const before = await alice.client.logbooks.get(logbook.logid);
    await expectStatus(alice.client.logbooks.update(logbook.logid, { salted: false, log: '<comment>' }), 400);
    await expectStatus(
      alice.client.logbooks.update(logbook.logid, { salted: false, log: NEW_LOG, version: 99 }),
      409,
    );
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });

  it('cannot be unsalted by another user', async () => {
    const mallory = await server.signup('mallory');
    const logbook = await createLogbook(alice.client, {
      salted: true,
      private: false,
      log: serializeLog(sampleEntries()),
    });
    const before = await alice.client.logbooks.get(logbook.logid);
    await expectStatus(mallory.client.logbooks.update(logbook.logid, { salted: false }), 403);
    await expectStatus(mallory.client.logbooks.update(logbook.logid, { salted: false, log: NEW_LOG }), 403);
    expect(await alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });
});
