import { Logbook, pathOf, routes } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import {
  createLogbook,
  entriesOf,
  entry,
  expectStatus,
  nextMillisecond,
  sampleEntries,
  useServer,
} from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'] });

const INVALID_LOG = { log: ['Invalid log XML format.'] };
const BROKEN_LOGS = [
  '<comment>unclosed',
  '<comment>a</gen>',
  '<logbook><query>x</query>',
  '<comment a=1>x</comment>',
];
const NEW_LOG = serializeLog([entry('comment', 'replaced'), entry('gen', 'twice')]);

async function logbookWithEntries() {
  return createLogbook(t.alice.client, { log: serializeLog(sampleEntries()) });
}

describe('changing a logbook’s settings', () => {
  it('PUT changes title, description, private, salted and journal', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Target' });
    const logbook = await logbookWithEntries();
    const updated = await t.alice.client.logbooks.update(logbook.logid, {
      title: 'Renamed',
      description: 'Described',
      private: false,
      salted: true,
      journal: journal.jid,
    });
    const reread = await t.alice.client.logbooks.get(logbook.logid);
    expect(reread).toEqual(updated);
    expect(reread).toMatchObject({
      title: 'Renamed',
      description: 'Described',
      private: false,
      salted: true,
      journal: journal.jid,
    });
    expect(entriesOf(reread)).toEqual(sampleEntries());
    expect((await t.alice.client.journals.get(journal.jid)).logbooks.map((l) => l.logid)).toEqual([
      logbook.logid,
    ]);

    const unfiled = await t.alice.client.logbooks.update(logbook.logid, { journal: null, private: true });
    expect(unfiled.journal).toBeNull();
    expect(unfiled.private).toBe(true);
    expect((await t.alice.client.journals.get(journal.jid)).logbooks).toEqual([]);
  });

  it('PATCH changes only the fields given', async () => {
    const logbook = await createLogbook(t.alice.client, { title: 'Patch me', description: 'kept' });
    const patched = await t.alice.client.logbooks.patch(logbook.logid, { title: 'Patched' });
    expect(patched.title).toBe('Patched');
    expect(patched.description).toBe('kept');
    expect(patched.private).toBe(true);
    const again = await t.alice.client.logbooks.patch(logbook.logid, { private: false });
    expect(again.title).toBe('Patched');
    expect(again.private).toBe(false);
  });

  it('refuses a blank title on PUT with 400 and keeps the old one', async () => {
    const logbook = await createLogbook(t.alice.client, { title: 'Keep' });
    const before = await t.alice.client.logbooks.get(logbook.logid);
    const body = await expectStatus(t.alice.client.logbooks.update(logbook.logid, { title: '  ' }), 400);
    expect(body).toEqual({ title: ['This field may not be blank.'] });
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });

  it('refuses to file it in someone else’s journal', async () => {
    const bob = await t.server.signup('bob');
    const bobsJournal = await bob.client.journals.create({ title: 'Bob’s' });
    const logbook = await createLogbook(t.alice.client);
    const before = await t.alice.client.logbooks.get(logbook.logid);
    const body = await expectStatus(
      t.alice.client.logbooks.update(logbook.logid, { journal: bobsJournal.jid }),
      400,
    );
    expect(Object.keys(body)).toEqual(['journal']);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
    expect((await bob.client.journals.get(bobsJournal.jid)).logbooks).toEqual([]);
  });
});

describe('deleting a logbook', () => {
  it('answers 204 and then 404', async () => {
    const logbook = await logbookWithEntries();
    const response = await t.server.http(pathOf(routes.logbooks.remove, { logid: logbook.logid }), {
      method: 'DELETE',
      token: t.alice.token,
    });
    expect(response.status).toBe(204);
    await expectStatus(t.alice.client.logbooks.get(logbook.logid), 404);
    await expectStatus(t.alice.client.logbooks.remove(logbook.logid), 404);
    expect((await t.alice.client.logbooks.list()).map((l) => l.logid)).not.toContain(logbook.logid);
  });
});

describe('writing the log', () => {
  it('replaces the entries and bumps the version through PUT, PATCH and update_log', async () => {
    const logbook = await logbookWithEntries();
    expect(logbook.version).toBe(1);

    const put = await t.alice.client.logbooks.update(logbook.logid, { log: NEW_LOG });
    expect(put.version).toBe(2);
    expect(entriesOf(put)).toEqual([entry('comment', 'replaced'), entry('gen', 'twice')]);
    expect(put.entry_count).toBe(2);

    const patched = await t.alice.client.logbooks.patch(logbook.logid, { log: '<comment>patched</comment>' });
    expect(patched.version).toBe(3);
    expect(entriesOf(patched)).toEqual([entry('comment', 'patched')]);
    expect(patched.entry_count).toBe(1);

    const viaUpdateLog = await t.alice.client.logbooks.updateLog(logbook.logid, { log: '' });
    expect(viaUpdateLog.version).toBe(4);
    expect(entriesOf(viaUpdateLog)).toEqual([]);
    expect(viaUpdateLog.entry_count).toBe(0);

    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(viaUpdateLog);
  });

  it('does not bump the version for a change of settings alone', async () => {
    const logbook = await logbookWithEntries();
    const renamed = await t.alice.client.logbooks.update(logbook.logid, { title: 'Only the title' });
    expect(renamed.version).toBe(logbook.version);
    expect(entriesOf(renamed)).toEqual(sampleEntries());
  });

  it('refuses broken XML with 400 on log through create, PUT, PATCH and update_log, changing nothing', async () => {
    const logbook = await logbookWithEntries();
    await nextMillisecond();
    const before = await t.alice.client.logbooks.get(logbook.logid);
    for (const log of BROKEN_LOGS) {
      expect(await expectStatus(t.alice.client.logbooks.create({ log }), 400)).toEqual(INVALID_LOG);
      expect(
        await expectStatus(t.alice.client.logbooks.update(logbook.logid, { title: 'No', log }), 400),
      ).toEqual(INVALID_LOG);
      expect(await expectStatus(t.alice.client.logbooks.patch(logbook.logid, { log }), 400)).toEqual(
        INVALID_LOG,
      );
      expect(await expectStatus(t.alice.client.logbooks.updateLog(logbook.logid, { log }), 400)).toEqual(
        INVALID_LOG,
      );
    }
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
    expect((await t.alice.client.logbooks.list()).filter((l) => l.title === 'Default')).toEqual([]);
  });

  it('keeps a branched log whole: eid and parent are written back as they came', async () => {
    const logbook = await logbookWithEntries();
    const branched =
      '<logbook><query eid="q1000000" qid="qa">Q</query><gen eid="a1000000" qid="qa">A1</gen>' +
      '<gen eid="a2000000" parent="q1000000" qid="qa">A2</gen></logbook>';
    const written = await t.alice.client.logbooks.updateLog(logbook.logid, { log: branched });
    expect(written.entry_count).toBe(3);
    expect(written.log).toContain('<gen eid="a2000000" parent="q1000000" qid="qa">A2</gen>');
  });

  it('refuses an unknown tag inside a log', async () => {
    const logbook = await logbookWithEntries();
    const before = await t.alice.client.logbooks.get(logbook.logid);
    await expectStatus(t.alice.client.logbooks.updateLog(logbook.logid, { log: '<script>x</script>' }), 400);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });
});

describe('optimistic concurrency', () => {
  it('refuses a stale version in the body with 409 and accepts the current one', async () => {
    const logbook = await logbookWithEntries();
    const current = await t.alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG, version: 1 });
    expect(current.version).toBe(2);
    await nextMillisecond();

    const stale = [
      () => t.alice.client.logbooks.updateLog(logbook.logid, { log: '<comment>lost</comment>', version: 1 }),
      () =>
        t.alice.client.logbooks.update(logbook.logid, {
          title: 'lost',
          log: '<comment>lost</comment>',
          version: 1,
        }),
      () => t.alice.client.logbooks.patch(logbook.logid, { log: '<comment>lost</comment>', version: 1 }),
    ];
    for (const call of stale) {
      const body = await expectStatus(call(), 409);
      expect(body.code).toBe('stale_version');
      expect(String(body.detail)).toContain('version 2');
    }
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(current);

    const accepted = await t.alice.client.logbooks.update(logbook.logid, {
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
    await t.alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG });
    const current = await t.alice.client.logbooks.get(logbook.logid);
    expect(current.version).toBe(2);
    await nextMillisecond();

    for (const [method, path, body] of [
      [
        'POST',
        pathOf(routes.logbooks.updateLog, { logid: logbook.logid }),
        { log: '<comment>lost</comment>' },
      ],
      [
        'PUT',
        pathOf(routes.logbooks.update, { logid: logbook.logid }),
        { title: 'lost', log: '<comment>lost</comment>' },
      ],
      ['PATCH', pathOf(routes.logbooks.patch, { logid: logbook.logid }), { log: '<comment>lost</comment>' }],
    ] as const) {
      const response = await t.server.http(path, {
        method,
        token: t.alice.token,
        headers: { 'If-Match': '"1"' },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(409);
    }
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(current);

    const response = await t.server.http(pathOf(routes.logbooks.update, { logid: logbook.logid }), {
      method: 'PUT',
      token: t.alice.token,
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
    const before = await t.alice.client.logbooks.get(logbook.logid);
    const response = await t.server.http(pathOf(routes.logbooks.updateLog, { logid: logbook.logid }), {
      method: 'POST',
      token: t.alice.token,
      headers: { 'If-Match': 'banana' },
      body: JSON.stringify({ log: '' }),
    });
    expect(response.status).toBe(400);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });
});

describe('a salted logbook', () => {
  async function salted() {
    const logbook = await createLogbook(t.alice.client, { salted: true, log: serializeLog(sampleEntries()) });
    await nextMillisecond();
    return logbook;
  }

  it('refuses tag submit, update_log and a log in PUT or PATCH with 409, changing nothing', async () => {
    const logbook = await salted();
    const before = await t.alice.client.logbooks.get(logbook.logid);
    const refused = [
      () => t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', content: 'no' }),
      () =>
        t.alice.client.entries.write({ logid: logbook.logid, tag: 'context', index: 0, fresh_tag: 'gen' }),
      () => t.alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG }),
      () => t.alice.client.logbooks.update(logbook.logid, { title: 'no', log: NEW_LOG }),
      () => t.alice.client.logbooks.patch(logbook.logid, { log: NEW_LOG }),
      () => t.alice.client.logbooks.update(logbook.logid, { log: NEW_LOG, salted: true }),
    ];
    for (const call of refused) {
      const body = await expectStatus(call(), 409);
      expect(body.code).toBe('salted');
      expect(String(body.detail)).toContain('This logbook is salted');
    }
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });

  it('still lets its owner change the settings', async () => {
    const logbook = await salted();
    const renamed = await t.alice.client.logbooks.update(logbook.logid, { title: 'Renamed while salted' });
    expect(renamed.title).toBe('Renamed while salted');
    expect(renamed.salted).toBe(true);
    expect(entriesOf(renamed)).toEqual(sampleEntries());
  });

  it('is unsalted by PUT {salted:false}, after which writes work', async () => {
    const logbook = await salted();
    const unsalted = await t.alice.client.logbooks.update(logbook.logid, { salted: false });
    expect(unsalted.salted).toBe(false);
    expect(entriesOf(unsalted)).toEqual(sampleEntries());

    const appended = await t.alice.client.entries.write({
      logid: logbook.logid,
      tag: 'comment',
      content: 'now allowed',
    });
    expect(appended.index).toBe(3);
    const written = await t.alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG });
    expect(entriesOf(written)).toEqual([entry('comment', 'replaced'), entry('gen', 'twice')]);
  });

  it('takes {salted:false, log} in one PUT', async () => {
    const logbook = await salted();
    const updated = await t.alice.client.logbooks.update(logbook.logid, { salted: false, log: NEW_LOG });
    expect(updated.salted).toBe(false);
    expect(updated.version).toBe(logbook.version + 1);
    expect(entriesOf(updated)).toEqual([entry('comment', 'replaced'), entry('gen', 'twice')]);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(updated);
  });

  it('stays salted when {salted:false, log} carries broken XML or a stale version', async () => {
    const logbook = await salted();
    const before = await t.alice.client.logbooks.get(logbook.logid);
    await expectStatus(
      t.alice.client.logbooks.update(logbook.logid, { salted: false, log: '<comment>' }),
      400,
    );
    await expectStatus(
      t.alice.client.logbooks.update(logbook.logid, { salted: false, log: NEW_LOG, version: 99 }),
      409,
    );
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });

  it('cannot be unsalted by another user', async () => {
    const mallory = await t.server.signup('mallory');
    const logbook = await createLogbook(t.alice.client, {
      salted: true,
      private: false,
      log: serializeLog(sampleEntries()),
    });
    const before = await t.alice.client.logbooks.get(logbook.logid);
    await expectStatus(mallory.client.logbooks.update(logbook.logid, { salted: false }), 403);
    await expectStatus(mallory.client.logbooks.update(logbook.logid, { salted: false, log: NEW_LOG }), 403);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });
});
