import { pathOf, routes } from '@caravanserai/api';
import { createFakeWell, createLogbook, expectStatus, TEST_API_KEY, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { caravanWith, sharedWell } from './caravans-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol'], fake: true });
beforeEach(() => t.fake.reset());

const MASKED = `…${TEST_API_KEY.slice(-4)}`;

describe('a shared well', () => {
  it('is listed to members marked with the caravan and with no key at all', async () => {
    const caravan = await caravanWith(t.alice, [t.bob], 'Acme');
    const well = await sharedWell(t.alice, t.fake, caravan.caravan_id, { title: 'Team well' });
    expect((await t.alice.client.caravans.get(caravan.caravan_id)).wells).toEqual([
      {
        wellid: well.wellid,
        title: 'Team well',
        origin_loc: well.origin_loc,
        owner: { username: t.alice.username },
      },
    ]);

    const listed = (await t.bob.client.wells.list()).wells.find((w) => w.wellid === well.wellid);
    expect(listed).toEqual({
      wellid: well.wellid,
      title: 'Team well',
      owner: { username: t.alice.username },
      model_url: well.model_url,
      origin_loc: well.origin_loc,
      provider: well.provider,
      model: well.model,
      created: well.created,
      modified: well.modified,
      caravan: { caravan_id: caravan.caravan_id, name: 'Acme' },
    });
    expect(listed).not.toHaveProperty('AUTH_MODEL_KEY');
    const detail = await t.bob.client.wells.get(well.wellid);
    expect(detail.wells).toEqual(listed);
    // The owner still sees their own well as before, with the masked key.
    expect((await t.alice.client.wells.get(well.wellid)).wells.AUTH_MODEL_KEY).toBe(MASKED);
    // Not a member: not there.
    await expectStatus(t.carol.client.wells.get(well.wellid), 404);
    expect((await t.carol.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(well.wellid);
  });

  it('is attached to a member’s logbook and queried through, the key opened on the server only', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const well = await sharedWell(t.alice, t.fake, caravan.caravan_id);
    const logbook = await createLogbook(t.bob.client, { logwell: well.wellid });
    expect(logbook.logwell).toBe(well.wellid);
    t.fake.enqueue({ kind: 'reply', text: 'Shared answer.', inputTokens: 7, outputTokens: 2 });
    const result = await t.bob.client.queries.submit({ logid: logbook.logid, prompt: 'Hello', context: '' });
    expect(result.data.gen).toBe('Shared answer.');
    expect(t.fake.requests).toHaveLength(1);
    expect(t.fake.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    t.fake.enqueue({ kind: 'reply', text: 'Streamed.', inputTokens: 7, outputTokens: 2 });
    const streamed = await t.bob.client.queries.stream({
      logid: logbook.logid,
      prompt: 'Again',
      context: '',
    });
    expect(streamed.gen).toBe('Streamed.');
    // Named in the request rather than attached.
    const other = await createLogbook(t.bob.client);
    await t.bob.client.queries.submit({
      logid: other.logid,
      prompt: 'Named',
      context: '',
      wellid: well.wellid,
    });
    expect(t.fake.requests).toHaveLength(3);
  });

  it('cannot be changed or deleted by a member (403); nothing changes', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const well = await sharedWell(t.alice, t.fake, caravan.caravan_id);
    const forbidden = { detail: 'Only the owner can change this well.', code: 'permission_denied' };
    const calls: [string, () => Promise<unknown>][] = [
      ['PUT', () => t.bob.client.wells.update(well.wellid, { title: 'Mine now' })],
      ['PUT key', () => t.bob.client.wells.update(well.wellid, { AUTH_MODEL_KEY: 'sk-bob-000000000' })],
      ['PATCH url', () => t.bob.client.wells.patch(well.wellid, { model_url: 'http://127.0.0.1:9/v1' })],
      ['DELETE', () => t.bob.client.wells.remove(well.wellid)],
    ];
    for (const [name, call] of calls) expect(await expectStatus(call(), 403), name).toEqual(forbidden);
    // Nor may a member test a connection with it (its key could be sent elsewhere).
    await expectStatus(
      t.bob.client.wells.test({ wellid: well.wellid, origin_loc: well.origin_loc, AUTH_MODEL_KEY: MASKED }),
      400,
    );
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
  });

  it('is cut off from the next query on when unshared or the member removed', async () => {
    const caravan = await caravanWith(t.alice, [t.bob, t.carol]);
    const id = caravan.caravan_id;
    const well = await sharedWell(t.alice, t.fake, id);
    const bobs = await createLogbook(t.bob.client, { logwell: well.wellid });
    const carols = await createLogbook(t.carol.client, { logwell: well.wellid });
    await t.bob.client.queries.submit({ logid: bobs.logid, prompt: 'Before', context: '' });
    await t.carol.client.queries.submit({ logid: carols.logid, prompt: 'Before', context: '' });
    expect(t.fake.requests).toHaveLength(2);

    await t.alice.client.caravans.removeMember(id, t.carol.username);
    const gone = { wellid: ['Well not found.'] };
    expect(
      await expectStatus(
        t.carol.client.queries.submit({ logid: carols.logid, prompt: 'After', context: '' }),
        400,
      ),
    ).toEqual(gone);
    expect(
      await expectStatus(
        t.carol.client.queries.stream({ logid: carols.logid, prompt: 'After', context: '' }),
        400,
      ),
    ).toEqual(gone);
    await expectStatus(t.carol.client.wells.get(well.wellid), 404);

    await t.alice.client.caravans.unshareWell(id, well.wellid);
    expect(
      await expectStatus(
        t.bob.client.queries.submit({ logid: bobs.logid, prompt: 'After', context: '' }),
        400,
      ),
    ).toEqual(gone);
    expect((await t.bob.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(well.wellid);
    await expectStatus(t.bob.client.logbooks.patch(bobs.logid, { logwell: well.wellid }), 400);
    expect(t.fake.requests).toHaveLength(2);
  });

  it('is deleted by its owner although members’ logbooks use it; their titles are never shown', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const well = await sharedWell(t.alice, t.fake, caravan.caravan_id);
    const bobs = await createLogbook(t.bob.client, { title: 'Bob’s secret plan', logwell: well.wellid });
    const alices = await createLogbook(t.alice.client, { title: 'Alice’s own', logwell: well.wellid });
    const refused = await expectStatus(t.alice.client.wells.remove(well.wellid), 409);
    expect(refused.detail).toContain('Alice’s own');
    expect(refused.detail).not.toContain('secret');
    await t.alice.client.logbooks.patch(alices.logid, { logwell: null });
    await t.alice.client.wells.remove(well.wellid);
    expect((await t.bob.client.logbooks.get(bobs.logid)).logwell).toBeNull();
    expect((await t.alice.client.caravans.get(caravan.caravan_id)).wells).toEqual([]);
  });

  it('is shared only by a leader who owns it', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const bobsWell = await createFakeWell(t.bob.client, t.fake);
    await expectStatus(t.bob.client.caravans.shareWell(caravan.caravan_id, { wellid: bobsWell.wellid }), 403);
    await t.alice.client.caravans.setRole(caravan.caravan_id, t.bob.username, { role: 'leader' });
    const alicesWell = await createFakeWell(t.alice.client, t.fake);
    expect(
      await expectStatus(
        t.bob.client.caravans.shareWell(caravan.caravan_id, { wellid: alicesWell.wellid }),
        400,
      ),
    ).toEqual({ wellid: ['Well not found.'] });
    await t.bob.client.caravans.shareWell(caravan.caravan_id, { wellid: bobsWell.wellid });
    await expectStatus(t.bob.client.caravans.shareWell(caravan.caravan_id, { wellid: bobsWell.wellid }), 409);
  });
});

describe('a member', () => {
  it('never receives the key of a shared well, not even masked, in any answer', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const id = caravan.caravan_id;
    const key = 'sk-caravan-secret-98765';
    const well = await sharedWell(t.alice, t.fake, id, { AUTH_MODEL_KEY: key });
    const logbook = await createLogbook(t.bob.client, { logwell: well.wellid });
    t.fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${key}` });
    const failed = await t.server.http(pathOf(routes.queries.submit), {
      method: 'POST',
      token: t.bob.token,
      body: JSON.stringify({ logid: logbook.logid, prompt: 'Fail', context: '' }),
    });
    expect(failed.status).toBe(502);
    const bodies = [await failed.text()];
    for (const path of [
      pathOf(routes.wells.list),
      pathOf(routes.wells.get, { wellid: well.wellid }),
      pathOf(routes.caravans.get, { id }),
      pathOf(routes.caravans.list),
      pathOf(routes.caravans.usage, { id }, { group_by: 'well' }),
      pathOf(routes.caravans.usage, { id }, { group_by: 'well', format: 'csv' }),
      pathOf(routes.logbooks.get, { logid: logbook.logid }),
      pathOf(routes.logbooks.list),
      pathOf(routes.usage.get),
    ]) {
      const response = await t.server.http(path, { token: t.bob.token });
      expect(response.status, path).toBe(200);
      bodies.push(await response.text());
    }
    const stream = await t.server.http(pathOf(routes.queries.stream), {
      method: 'POST',
      token: t.bob.token,
      body: JSON.stringify({ logid: logbook.logid, prompt: 'Stream', context: '' }),
    });
    bodies.push(await stream.text());
    expect(t.fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${key}`, `Bearer ${key}`]);
    for (const body of bodies) {
      expect(body).not.toContain(`…${key.slice(-4)}`);
      expect(body).not.toContain(key.slice(3, 12));
    }
  });
});
