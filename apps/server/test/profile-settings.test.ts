import { CurrentUser, pathOf, routes } from '@caravanserai/api';
import { expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

const TOO_LONG = { instructions: ['Ensure this field has no more than 20000 characters.'] };

/** A raw change to the signed-in user, for bodies the typed client would not send. */
const send = (token: string | undefined, body: unknown, method: 'PATCH' | 'PUT' = 'PATCH') =>
  t.server.http(pathOf(routes.auth.updateUser), { method, token, body: JSON.stringify(body) });

describe('the settings for asking, on the current user', () => {
  it('start with no instructions, memory on in new logbooks and titles made after the first answer', async () => {
    const fresh = await t.server.signup('fresh');
    expect(await fresh.client.auth.user()).toEqual({
      pk: fresh.pk,
      username: fresh.username,
      email: `${fresh.username}@example.com`,
      instructions: '',
      memory_default: true,
      auto_titles: true,
      is_admin: false,
    });
  });

  it('are changed by PATCH and PUT, each on its own, the other fields kept', async () => {
    const user = await t.server.signup('settings');
    const instructions = 'Answer in plain English.\nCite sources.\tBe brief.';
    const patched = await user.client.auth.updateUser({ instructions });
    expect(patched).toMatchObject({ instructions, memory_default: true, auto_titles: true });

    const put = await user.client.auth.replaceUser({ memory_default: false });
    expect(put).toMatchObject({ instructions, memory_default: false, auto_titles: true });

    await user.client.auth.updateUser({ auto_titles: false, location: 'Merv' });
    expect(await user.client.auth.user()).toEqual({
      pk: user.pk,
      username: user.username,
      email: `${user.username}@example.com`,
      instructions,
      memory_default: false,
      auto_titles: false,
      is_admin: false,
    });
    expect(await t.server.client().profiles.get(user.username)).toMatchObject({ location: 'Merv' });

    await user.client.auth.updateUser({ instructions: '', memory_default: true, auto_titles: true });
    expect(await user.client.auth.user()).toMatchObject({
      instructions: '',
      memory_default: true,
      auto_titles: true,
    });
  });

  it('take instructions of 20,000 characters and refuse 20,001 with the limit named, keeping the old', async () => {
    const user = await t.server.signup('limit');
    // Characters as people count them: a camel is one, though it takes two UTF-16 units.
    const longest = `${'🐪'.repeat(5_000)}${'a'.repeat(15_000)}`;
    expect([...longest]).toHaveLength(20_000);
    expect((await user.client.auth.updateUser({ instructions: longest })).instructions).toBe(longest);

    for (const method of ['PATCH', 'PUT'] as const) {
      const response = await send(user.token, { instructions: `${longest}b` }, method);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(TOO_LONG);
    }
    expect((await user.client.auth.user()).instructions).toBe(longest);
  });

  it('refuse a NUL in the instructions, as every text field does', async () => {
    const user = await t.server.signup('nul');
    await user.client.auth.updateUser({ instructions: 'Kept' });
    const body = await expectStatus(user.client.auth.updateUser({ instructions: 'a\u0000b' }), 400);
    expect(body).toEqual({ instructions: ['Null characters are not allowed.'] });
    const control = await expectStatus(user.client.auth.updateUser({ instructions: 'a\u001bb' }), 400);
    expect(control).toEqual({ instructions: ['Control character U+001B at position 1 is not allowed.'] });
    expect((await user.client.auth.user()).instructions).toBe('Kept');
  });

  it('take only true and false for the switches, naming the field', async () => {
    const user = await t.server.signup('flags');
    for (const field of ['memory_default', 'auto_titles']) {
      for (const value of ['yes', 1, 'true', {}]) {
        const response = await send(user.token, { [field]: value });
        expect(response.status, `${field}: ${JSON.stringify(value)}`).toBe(400);
        expect(await response.json()).toEqual({ [field]: ['Must be a valid boolean.'] });
      }
      const nothing = await send(user.token, { [field]: null });
      expect(await nothing.json()).toEqual({ [field]: ['This field may not be null.'] });
    }
    const instructions = await send(user.token, { instructions: 7 });
    expect(await instructions.json()).toEqual({ instructions: ['Not a valid string.'] });
    expect(CurrentUser.parse(await user.client.auth.user())).toMatchObject({
      instructions: '',
      memory_default: true,
      auto_titles: true,
    });
  });

  it('are each user’s own: one user’s change is not another’s, and strangers change nothing', async () => {
    await t.alice.client.auth.updateUser({ instructions: 'Alice’s way', memory_default: false });
    expect(await t.bob.client.auth.user()).toMatchObject({ instructions: '', memory_default: true });

    const anonymous = await send(undefined, { instructions: 'Sneaky' });
    expect(anonymous.status).toBe(401);
    expect(await t.alice.client.auth.user()).toMatchObject({ instructions: 'Alice’s way' });
  });

  it('are never shown on the public profile', async () => {
    await t.bob.client.auth.updateUser({ instructions: 'Bob’s secret ways' });
    for (const token of [undefined, t.alice.token, t.bob.token]) {
      const response = await t.server.http(pathOf(routes.profiles.get, { username: t.bob.username }), {
        token,
      });
      const profile = (await response.json()) as Record<string, unknown>;
      expect(profile).not.toHaveProperty('instructions');
      expect(profile).not.toHaveProperty('memory_default');
      expect(profile).not.toHaveProperty('auto_titles');
    }
  });
});
