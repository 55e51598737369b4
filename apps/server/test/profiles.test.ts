import { pathOf, routes } from '@caravanserai/api';
import { expectStatus, PASSWORD, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

const profileOf = async (username: string, token?: string) => {
  const res = await t.server.http(pathOf(routes.profiles.get, { username }), { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

describe('GET /u/{username}/', () => {
  it('shows the public profile to anonymous visitors, without the Stripe id', async () => {
    const profile = await profileOf(t.alice.username);
    expect(profile).toEqual({ username: t.alice.username, role: 'Pilgrim', location: '', anon_view: true });
    expect(profile).not.toHaveProperty('stripe_customer_id');
  });

  it('shows the same public profile to another signed-in user', async () => {
    const profile = await profileOf(t.alice.username, t.bob.token);
    expect(profile).toEqual({ username: t.alice.username, role: 'Pilgrim', location: '', anon_view: true });
    expect(profile).not.toHaveProperty('stripe_customer_id');
  });

  it('tells the user it is their own profile and includes their Stripe id', async () => {
    const profile = await profileOf(t.alice.username, t.alice.token);
    expect(profile).toEqual({
      username: t.alice.username,
      role: 'Pilgrim',
      location: '',
      anon_view: false,
      stripe_customer_id: null,
    });
  });

  it('reflects a changed location to everyone', async () => {
    await t.bob.client.auth.updateUser({ location: 'Bukhara' });
    expect(await profileOf(t.bob.username)).toMatchObject({ location: 'Bukhara', anon_view: true });
    expect(await profileOf(t.bob.username, t.alice.token)).toMatchObject({ location: 'Bukhara' });
  });

  it('answers 404 with a detail for an unknown user', async () => {
    const body = await expectStatus(t.server.client().profiles.get(`ghost${process.pid}`), 404);
    expect(typeof body.detail).toBe('string');
    expect(body.detail).not.toBe('');
  });

  it('finds a user whatever the case, and answers with the stored spelling', async () => {
    const username = `MixedCase${process.pid}`;
    const { key } = await t.server
      .client()
      .auth.register({ username, password1: PASSWORD, password2: PASSWORD });
    for (const asked of [username.toLowerCase(), username.toUpperCase()]) {
      const profile = await t.server.client().profiles.get(asked);
      expect(profile.username).toBe(username);
      expect(profile.anon_view).toBe(true);
    }
    const own = await t.server.client(key).profiles.get(username.toLowerCase());
    expect(own).toMatchObject({ username, anon_view: false });
  });

  it('also answers without the trailing slash', async () => {
    const res = await t.server.http(`/u/${t.alice.username}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: t.alice.username });
  });
});
