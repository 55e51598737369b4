import { MAPPER_PROFILE_DEFAULTS, MapperProfile, routes } from '@caravanserai/api';
import { expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

describe('mapper profile', () => {
  it('starts empty, creates the default once, and lists it', async () => {
    expect(await t.alice.client.mapperProfiles.list()).toEqual([]);
    const created = await t.alice.client.send(routes.mapperProfiles.create, { body: { owner: t.alice.pk } });
    expect(created.status).toBe(201);
    const profile = MapperProfile.parse(await created.json());
    expect(profile).toEqual({ id: expect.any(String), owner: t.alice.pk, ...MAPPER_PROFILE_DEFAULTS });
    const again = await t.alice.client.send(routes.mapperProfiles.create, { body: { owner: t.alice.pk } });
    expect(again.status).toBe(200);
    expect(MapperProfile.parse(await again.json()).id).toBe(profile.id);
    expect(await t.alice.client.mapperProfiles.list()).toEqual([profile]);
  });

  it('changes settings with PUT and refuses values out of range', async () => {
    const profile = await t.alice.client.mapperProfiles.create({ owner: t.alice.pk });
    const changed = await t.alice.client.mapperProfiles.update(profile.id, {
      font_size: 18,
      background_color: '#002b36',
    });
    expect(changed).toMatchObject({ font_size: 18, background_color: '#002b36', cols: 80 });
    expect((await t.alice.client.mapperProfiles.list())[0]?.font_size).toBe(18);

    const tooBig = await expectStatus(
      t.alice.client.mapperProfiles.update(profile.id, { font_size: 400 }),
      400,
    );
    expect(tooBig.font_size).toBeDefined();
    const badColour = await expectStatus(
      t.alice.client.mapperProfiles.update(profile.id, { foreground_color: 'red' }),
      400,
    );
    expect(badColour.foreground_color).toEqual(['Enter a colour as #rrggbb.']);
    expect((await t.alice.client.mapperProfiles.list())[0]?.font_size).toBe(18);
  });

  it('keeps each profile to its owner', async () => {
    const alices = await t.alice.client.mapperProfiles.create({ owner: t.alice.pk });
    await expectStatus(t.bob.client.mapperProfiles.create({ owner: t.alice.pk }), 400);
    await expectStatus(t.bob.client.mapperProfiles.update(alices.id, { font_size: 30 }), 404);
    expect(await t.bob.client.mapperProfiles.list()).toEqual([]);
    expect((await t.alice.client.mapperProfiles.list())[0]?.font_size).not.toBe(30);
  });

  it('refuses anonymous calls', async () => {
    await expectStatus(t.server.client().mapperProfiles.list(), 401);
    await expectStatus(t.server.client().mapperProfiles.create({}), 401);
    await expectStatus(t.server.client().mapperProfiles.update('x', { font_size: 12 }), 401);
  });
});
