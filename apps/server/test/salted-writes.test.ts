import { serializeLog } from '@caravanserai/logbook';
import {
  createFakeWell,
  createLogbook,
  entry,
  expectStatus,
  ORIGINS,
  sampleEntries,
  useServer,
} from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/errors.js';
import { LogbooksRepository } from '../src/modules/logbooks/logbooks.repository.js';
import { chatgpt, importFile, json } from './import-helpers.js';

const t = useServer({ users: ['alice'], fake: true });

const NEW_LOG = serializeLog([entry('comment', 'Written over a salted log')]);

/** The one refusal every path gives: 409, code `salted`, the same words. */
const SALTED = { code: 'salted', detail: expect.stringContaining('This logbook is salted') };

async function saltedLogbook() {
  const well = await createFakeWell(t.alice.client, t.fake, { origin_loc: ORIGINS['openai-compatible'] });
  return createLogbook(t.alice.client, { logwell: well.wellid, salted: true, entries: sampleEntries() });
}

describe('a salted logbook refuses every change of its entries the same way', () => {
  it('through tag submit, log writes and queries: 409 salted, nothing changed, no provider called', async () => {
    const logbook = await saltedLogbook();
    const before = await t.alice.client.logbooks.get(logbook.logid);
    t.fake.reset();
    const paths = {
      append: () => t.alice.client.entries.write({ logid: logbook.logid, tag: 'comment', content: 'no' }),
      retag: () =>
        t.alice.client.entries.write({ logid: logbook.logid, tag: 'context', index: 0, fresh_tag: 'gen' }),
      writeLog: () => t.alice.client.logbooks.updateLog(logbook.logid, { log: NEW_LOG }),
      update: () => t.alice.client.logbooks.update(logbook.logid, { log: NEW_LOG }),
      query: () =>
        t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Thaw?', shell_mode: 'QUERY' }),
    };
    const details = new Set<unknown>();
    for (const [path, call] of Object.entries(paths)) {
      const body = await expectStatus(call(), 409);
      expect(body, path).toEqual(SALTED);
      details.add(body.detail);
    }
    expect(details.size).toBe(1);
    expect(t.fake.requests).toEqual([]);
    expect(await t.alice.client.logbooks.get(logbook.logid)).toEqual(before);
  });

  it('when salted after the access check: the write itself refuses with the same 409', async () => {
    const logbook = await saltedLogbook();
    const { entries } = t.server.app.services;
    const refusals = [
      entries.append(logbook.logid, [entry('comment', 'late')]),
      t.server.testDb.db.kysely
        .transaction()
        .execute((trx) => entries.replaceEntries(logbook.logid, [entry('comment', 'late')], undefined, trx)),
    ];
    for (const refusal of refusals) {
      const error = await refusal.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 409, code: 'salted', message: SALTED.detail });
    }
  });

  it('through a re-import with new turns: the conversation is skipped with the same words', async () => {
    const first = await importFile(t.server, t.alice, json([chatgpt('frozen', [['First?', 'First.']])]));
    const { logid } = first.imported[0]!;
    await t.alice.client.logbooks.update(logid, { salted: true });
    const before = await t.alice.client.logbooks.get(logid);
    const { detail } = await expectStatus(
      t.alice.client.entries.write({ logid, tag: 'comment', content: 'no' }),
      409,
    );

    const again = await importFile(
      t.server,
      t.alice,
      json([
        chatgpt('frozen', [
          ['First?', 'First.'],
          ['Second?', 'Second.'],
        ]),
      ]),
    );
    expect(again).toMatchObject({ status: 'done', updated: 0, imported: [] });
    expect(again.skipped).toEqual([expect.objectContaining({ source_id: 'chatgpt:frozen', reason: detail })]);
    expect(await t.alice.client.logbooks.get(logid)).toEqual(before);
  });
});

describe('LogbooksRepository.reservePositions', () => {
  const repo = () => new LogbooksRepository(t.server.testDb.db.kysely);
  const counts = async (logid: string) => {
    const row = await repo().find(logid);
    return { entry_count: row?.entry_count, version: row?.version, head: row?.head };
  };

  it('claims the next positions of an unsalted logbook and bumps its version', async () => {
    const logbook = await createLogbook(t.alice.client, { entries: sampleEntries() });
    const before = await counts(logbook.logid);
    const claimed = await repo().reservePositions(logbook.logid, 3, { at: Date.now() });
    expect(claimed).toEqual({
      ...before,
      entry_count: before.entry_count! + 3,
      version: before.version! + 1,
    });
    expect(await counts(logbook.logid)).toEqual(claimed);
  });

  it('refuses a salted logbook and leaves it as it was', async () => {
    const logbook = await createLogbook(t.alice.client, { salted: true, entries: sampleEntries() });
    const before = await counts(logbook.logid);
    expect(await repo().reservePositions(logbook.logid, 2, { at: Date.now() })).toBeUndefined();
    expect(await counts(logbook.logid)).toEqual(before);
  });

  it('claims a salted logbook’s positions when told to ignore the salt (an import restoring it)', async () => {
    const logbook = await createLogbook(t.alice.client, { salted: true, entries: sampleEntries() });
    const before = await counts(logbook.logid);
    const claimed = await repo().reservePositions(logbook.logid, 2, { at: Date.now(), ignoreSalt: true });
    expect(claimed).toEqual({
      ...before,
      entry_count: before.entry_count! + 2,
      version: before.version! + 1,
    });
  });

  it('finds nothing to claim once the logbook is gone, salt ignored or not', async () => {
    const logbook = await createLogbook(t.alice.client);
    await t.alice.client.logbooks.remove(logbook.logid);
    for (const ignoreSalt of [false, true])
      expect(await repo().reservePositions(logbook.logid, 1, { at: Date.now(), ignoreSalt })).toBeUndefined();
  });
});
