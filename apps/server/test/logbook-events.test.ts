import type { ApiClient, LogbookVersion } from '@caravanserai/api';
import { eventually, expectStatus, useServer } from '@caravanserai/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { useSecondProcess } from './second-process.js';

/**
 * A logbook's live changes (DESIGN 9): `GET .../events/` sends the version marker at once and
 * whenever the logbook changes, whichever server process wrote it (PostgreSQL NOTIFY; on SQLite
 * this process), to whoever may read the logbook.
 */
const t = useServer({ users: ['alice', 'bob'] });
const second = useSecondProcess(t);
const onPostgres = process.env.TEST_DB === 'postgres';

const open: AbortController[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

/** Listens to a logbook; `heard` fills as markers arrive, `ended` settles when the stream ends. */
function listen(client: ApiClient, logid: string) {
  const controller = new AbortController();
  open.push(controller);
  const heard: LogbookVersion[] = [];
  const ended = client.logbooks.listen(logid, (marker) => heard.push(marker), controller.signal);
  ended.catch(() => undefined);
  return { heard, ended };
}

const heardVersion = (heard: LogbookVersion[], version: number) =>
  eventually(async () => heard.find((marker) => marker.version === version), 2000);

describe('GET /journals/logbooks/{logid}/events/', () => {
  it('sends the marker at once, then after each change: an entry, a branch chosen, a new title', async () => {
    const { logid, version } = await t.alice.client.logbooks.create({ title: 'Live' });
    const { heard } = listen(t.alice.client, logid);
    await heardVersion(heard, version);
    expect(heard[0]).toMatchObject({ logid, version, title: 'Live', entry_count: 0 });

    const written = await t.alice.client.entries.write({ logid, tag: 'comment', content: 'One.' });
    const afterWrite = await heardVersion(heard, written.version);
    expect(afterWrite).toMatchObject({ entry_count: 1, head: expect.any(String) });

    await t.alice.client.logbooks.patch(logid, { title: 'Renamed' });
    await eventually(async () => heard.find((marker) => marker.title === 'Renamed'), 2000);
  });

  it('hears a write made through another server process', async () => {
    const { logid, version } = await t.alice.client.logbooks.create({ title: 'Across' });
    const { heard } = listen(t.alice.client, logid);
    await heardVersion(heard, version);
    const written = await second
      .client(t.alice.token)
      .entries.write({ logid, tag: 'comment', content: 'Hi' });
    if (onPostgres) {
      const started = Date.now();
      await heardVersion(heard, written.version);
      expect(Date.now() - started).toBeLessThan(1000);
    } else {
      // SQLite serves one process: another one writing the file is not heard (a page polls then).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.map((marker) => marker.version)).toEqual([version]);
    }
  });

  it('is open to whoever may read the logbook, signed out for a public one, and to nobody else', async () => {
    const { logid } = await t.alice.client.logbooks.create({ title: 'Private' });
    await expectStatus(
      t.bob.client.logbooks.listen(logid, () => undefined),
      404,
    );
    await expectStatus(
      t.server.client().logbooks.listen(logid, () => undefined),
      404,
    );
    await expectStatus(
      t.alice.client.logbooks.listen('nosuchlogbook000', () => undefined),
      404,
    );

    await t.alice.client.logbooks.patch(logid, { private: false });
    const { heard } = listen(t.server.client(), logid);
    await eventually(async () => heard[0], 2000);
  });

  it('ends when the logbook is deleted, or made private under a reader', async () => {
    const gone = await t.alice.client.logbooks.create({ title: 'Going' });
    const owner = listen(t.alice.client, gone.logid);
    await heardVersion(owner.heard, gone.version);
    await t.alice.client.logbooks.remove(gone.logid);
    await owner.ended;

    const shut = await t.alice.client.logbooks.create({ title: 'Shut', private: false });
    const reader = listen(t.bob.client, shut.logid);
    await heardVersion(reader.heard, shut.version);
    await t.alice.client.logbooks.patch(shut.logid, { private: true });
    await reader.ended;
    expect(reader.heard.every((marker) => marker.title === 'Shut')).toBe(true);
  });

  it('ends every listening stream when the server closes, so a closing process is not held up', async () => {
    const { logid, version } = await t.alice.client.logbooks.create({ title: 'Closing' });
    const { heard, ended } = listen(second.client(t.alice.token), logid);
    await heardVersion(heard, version);
    expect(second.app.services.logbookSignals.size).toBe(1);
    second.app.services.logbookSignals.endAll();
    await ended;
  });
});
