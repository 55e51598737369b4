import { MAPPER_PROFILE_DEFAULTS, MapperProfile } from '@caravanserai/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type SignedIn, startServer, type TestServer } from './helper.js';

let server: TestServer;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  server = await startServer();
  alice = await server.signup('alice');
  bob = await server.signup('bob');
});
afterAll(() => server.close());

describe('mapper profile', () => {
  it('starts empty, creates the default once, and lists it', async () => {
    expect(await alice.client.mapperProfiles.list()).toEqual([]);
    const created = await alice.client.raw('POST', '/mapper/mapper-profile/', { body: { owner: alice.pk } });
    expect(created.status).toBe(201);
    const profile = MapperProfile.parse(await created.json());
    expect(profile).toEqual({ id: expect.any(String), owner: alice.pk, ...MAPPER_PROFILE_DEFAULTS });
    const again = await alice.client.raw('POST', '/mapper/mapper-profile/', { body: { owner: alice.pk } });
    expect(again.status).toBe(200);
    expect(MapperProfile.parse(await again.json()).id).toBe(profile.id);
    expect(await alice.client.mapperProfiles.list()).toEqual([profile]);
  });

  it('changes settings with PUT and refuses values out of range', async () => {
    const profile = await alice.client.mapperProfiles.create({ owner: alice.pk });
    const changed = await alice.client.mapperProfiles.update(profile.id, {
      font_size: 18,
      background_color: '#002b36',
    });
    expect(changed).toMatchObject({ font_size: 18, background_color: '#002b36', cols: 80 });
    expect((await alice.client.mapperProfiles.list())[0]?.font_size).toBe(18);

    const tooBig = await expectStatus(
      alice.client.mapperProfiles.update(profile.id, { font_size: 400 }),
      400,
    );
    expect(tooBig.font_size).toBeDefined();
    const badColour = await expectStatus(
      alice.client.mapperProfiles.update(profile.id, { foreground_color: 'red' }),
      400,
    );
    expect(badColour.foreground_color).toEqual(['Enter a colour as #rrggbb.']);
    expect((await alice.client.mapperProfiles.list())[0]?.font_size).toBe(18);
  });

  it('keeps each profile to its owner', async () => {
    const alices = await alice.client.mapperProfiles.create({ owner: alice.pk });
    await expectStatus(bob.client.mapperProfiles.create({ owner: alice.pk }), 400);
    await expectStatus(bob.client.mapperProfiles.update(alices.id, { font_size: 30 }), 404);
    expect(await bob.client.mapperProfiles.list()).toEqual([]);
    expect((await alice.client.mapperProfiles.list())[0]?.font_size).not.toBe(30);
  });

  it('refuses anonymous calls', async () => {
    await expectStatus(server.client().mapperProfiles.list(), 401);
    await expectStatus(server.client().mapperProfiles.create({}), 401);
    await expectStatus(server.client().mapperProfiles.update('x', { font_size: 12 }), 401);
  });
});
