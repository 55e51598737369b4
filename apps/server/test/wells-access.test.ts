import { createLogbook, expectStatus, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { WELL_DEFAULTS, wellHelpers } from './wells-helpers.js';

const { KEY } = WELL_DEFAULTS;

const t = useServer({ users: ['alice', 'bob'], fake: true });
beforeEach(() => t.fake.reset());
const { createWell, createFakeWell, keySentBy } = wellHelpers(t);

describe('other users’ wells', () => {
  it('cannot be read, changed or deleted by another user (404), and nothing changes', async () => {
    const well = await createFakeWell(t.alice.client);
    const logbook = await createLogbook(t.alice.client, { title: 'Alice private', logwell: well.wellid });
    expect((await t.bob.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(well.wellid);
    const notFound = { detail: 'Well not found.', code: 'not_found' };
    const calls: [string, () => Promise<unknown>][] = [
      ['GET', () => t.bob.client.wells.get(well.wellid)],
      [
        'PUT',
        () => t.bob.client.wells.update(well.wellid, { title: 'taken', AUTH_MODEL_KEY: 'sk-bob-000000000' }),
      ],
      ['PATCH', () => t.bob.client.wells.patch(well.wellid, { title: 'taken' })],
      ['PATCH key', () => t.bob.client.wells.patch(well.wellid, { AUTH_MODEL_KEY: 'sk-bob-000000000' })],
      // In use by Alice's logbook: still 404 for Bob, and her logbook's title is not revealed.
      ['DELETE', () => t.bob.client.wells.remove(well.wellid)],
    ];
    for (const [name, call] of calls) {
      expect(await expectStatus(call(), 404), name).toEqual(notFound);
    }
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
    expect(await keySentBy(t.alice.client, logbook.logid)).toBe(`Bearer ${KEY}`);
  });

  it('refuses anonymous callers with 401 for every call, and nothing changes', async () => {
    const well = await createWell(t.alice.client);
    const anon = t.server.client();
    const calls: [string, () => Promise<unknown>][] = [
      ['list', () => anon.wells.list()],
      ['create', () => createWell(anon)],
      ['GET', () => anon.wells.get(well.wellid)],
      ['PUT', () => anon.wells.update(well.wellid, { title: 'anon' })],
      ['PATCH', () => anon.wells.patch(well.wellid, { title: 'anon' })],
      ['DELETE', () => anon.wells.remove(well.wellid)],
    ];
    const before = await t.alice.client.wells.list();
    for (const [name, call] of calls) {
      const error = await expectStatus(call(), 401);
      expect(error.detail, name).toBe('Authentication credentials were not provided.');
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });

  it('cannot have another user’s logbook attached to it', async () => {
    const well = await createWell(t.alice.client);
    const invalid = { logwell: [`Invalid pk "${well.wellid}" - object does not exist.`] };
    const before = await t.bob.client.logbooks.list();
    expect(
      await expectStatus(t.bob.client.logbooks.create({ title: 'x', logwell: well.wellid }), 400),
    ).toEqual(invalid);
    expect(await t.bob.client.logbooks.list()).toEqual(before);

    const own = await createLogbook(t.bob.client);
    expect(
      await expectStatus(t.bob.client.logbooks.update(own.logid, { logwell: well.wellid }), 400),
    ).toEqual(invalid);
    expect(await expectStatus(t.bob.client.logbooks.patch(own.logid, { logwell: well.wellid }), 400)).toEqual(
      invalid,
    );
    expect((await t.bob.client.logbooks.get(own.logid)).logwell).toBeNull();
    // Nothing of Bob's now holds the well, so Alice may delete it.
    await t.alice.client.wells.remove(well.wellid);
  });

  it('cannot be asked through a query by another user: 400 on wellid, and the provider hears nothing', async () => {
    const well = await createFakeWell(t.alice.client);
    const logbook = await createLogbook(t.bob.client, { title: 'Bob asks' });
    const error = await expectStatus(
      t.bob.client.queries.submit({
        logid: logbook.logid,
        prompt: 'Use her key',
        shell_mode: 'QUERY',
        wellid: well.wellid,
        context: 'No Context',
      }),
      400,
    );
    expect(error).toEqual({ wellid: ['Well not found.'] });
    expect(t.fake.requests).toEqual([]);
    const after = await t.bob.client.logbooks.get(logbook.logid);
    expect(after.entry_count).toBe(0);
    expect(after.version).toBe(logbook.version);

    // The same call by the owner, on her own logbook, does reach the provider.
    const hers = await createLogbook(t.alice.client);
    await t.alice.client.queries.submit({
      logid: hers.logid,
      prompt: 'Mine',
      wellid: well.wellid,
      context: '',
    });
    expect(t.fake.requests).toHaveLength(1);
  });

  it('is not kept by a fork of a logbook attached to it', async () => {
    const well = await createWell(t.alice.client);
    const salted = await createLogbook(t.alice.client, {
      private: false,
      salted: true,
      logwell: well.wellid,
    });
    const fork = await t.bob.client.logbooks.fork(salted.logid);
    expect(fork.logwell).toBeNull();
    expect(fork.well).toBeNull();
  });
});
