import { pathOf, routes } from '@caravanserai/api';
import { expectStatus, PASSWORD, type SignedIn, useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../src/modules/auth/account-gate.js';
import { ADMINS, registerNamed } from './admin-helpers.js';

const t = useServer({ users: ['alice', 'bob'], overrides: { adminUsernames: ADMINS } });

let root: SignedIn;
let vizier: SignedIn;
beforeAll(async () => {
  root = await registerNamed(t.server, 'root');
  // ADMIN_USERNAMES says 'Vizier'; names compare without case.
  vizier = await registerNamed(t.server, 'vizier');
});

const db = () => t.server.testDb.db.kysely;
const userRow = (username: string) =>
  db().selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

describe('administrators', () => {
  it('are told so on GET /rest-auth/user/, and their role stays the subscription tier', async () => {
    expect(await root.client.auth.user()).toMatchObject({ username: 'root', is_admin: true });
    expect(await vizier.client.auth.user()).toMatchObject({ is_admin: true });
    expect(await t.alice.client.auth.user()).toMatchObject({ is_admin: false });
    expect(await t.server.client().profiles.get('root')).toMatchObject({ role: 'Pilgrim' });
  });

  it('list users with their e-mail, dates, logbook count and state; nobody else may (403, 401)', async () => {
    await t.alice.client.logbooks.create({ title: 'One' });
    await t.alice.client.logbooks.create({ title: 'Two' });
    const list = await root.client.admin.users();
    const alice = list.results.find((u) => u.username === t.alice.username);
    expect(alice).toMatchObject({
      email: `${t.alice.username}@example.com`,
      role: 'Pilgrim',
      logbook_count: 2,
      is_admin: false,
      disabled: false,
    });
    expect(Date.parse(alice!.created)).toBeGreaterThan(Date.now() - 600_000);
    expect(list.results.find((u) => u.username === 'root')).toMatchObject({ is_admin: true });
    // The examples' owner is the system's, not a person.
    expect(list.count).toBe(4);
    expect(list.results.map((u) => u.username)).toEqual([t.alice.username, t.bob.username, 'root', 'vizier']);
    expect(JSON.stringify(list)).not.toMatch(/password|scrypt|token/i);

    expect(await expectStatus(t.alice.client.admin.users(), 403)).toMatchObject({
      code: 'permission_denied',
      detail: 'Only an administrator of this server can do this.',
    });
    expect(await expectStatus(t.server.client().admin.users(), 401)).toMatchObject({
      code: 'not_authenticated',
    });
  });

  it('search by part of a username or e-mail address, any case, wildcards taken literally, in pages', async () => {
    expect((await root.client.admin.users({ q: 'VIZ' })).results.map((u) => u.username)).toEqual(['vizier']);
    const byMail = await root.client.admin.users({ q: `${t.bob.username}@EXAMPLE` });
    expect(byMail.results.map((u) => u.username)).toEqual([t.bob.username]);
    expect(await root.client.admin.users({ q: '%' })).toEqual({ count: 0, results: [] });
    expect(await root.client.admin.users({ q: '_' })).toEqual({ count: 0, results: [] });
    const page = await root.client.admin.users({ limit: 2, offset: 1 });
    expect(page.count).toBe(4);
    expect(page.results.map((u) => u.username)).toEqual([t.bob.username, 'root']);
  });

  it('refuse a query they cannot use in words (400)', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?offset=-1', `?q=${'x'.repeat(255)}`]) {
      const res = await t.server.http(`${pathOf(routes.admin.users)}${query}`, { token: root.token });
      expect(res.status, query).toBe(400);
      expect(Object.values((await res.json()) as Record<string, string[]>)[0]?.[0]).toMatch(/\w/);
    }
  });

  it('see when each user was last seen, written at most once a minute', async () => {
    await t.bob.client.auth.user();
    await t.server.app.services.accountGate.settled();
    const first = (await userRow(t.bob.username)).last_seen_at;
    expect(first).toBeTypeOf('number');
    const listed = (await root.client.admin.users({ q: t.bob.username })).results[0];
    expect(listed?.last_seen).toBe(new Date(first!).toISOString());

    // Seen half a minute ago (by this or another server process): more requests write nothing.
    const halfMinuteAgo = Date.now() - 30_000;
    await db().updateTable('users').set({ last_seen_at: halfMinuteAgo }).where('id', '=', t.bob.pk).execute();
    for (let i = 0; i < 3; i++) await t.bob.client.auth.user();
    await t.server.app.services.accountGate.settled();
    expect((await userRow(t.bob.username)).last_seen_at).toBe(halfMinuteAgo);

    // Last seen over a minute ago (elsewhere): the next request is recorded. A user this process
    // has not seen yet, since it also remembers whom it wrote lately.
    const { key } = await t.server.client().auth.register({
      username: 'dawn',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    await db()
      .updateTable('users')
      .set({ last_seen_at: Date.now() - 61_000 })
      .where('username', '=', 'dawn')
      .execute();
    const before = Date.now();
    await t.server.client(key).auth.user();
    await t.server.app.services.accountGate.settled();
    expect((await userRow('dawn')).last_seen_at).toBeGreaterThanOrEqual(before);
  });
});

describe('disabling a user', () => {
  it('refuses their token and API key at once, at the API and the gateway, keeping their data', async () => {
    const carol = await t.server.signup('carol');
    const book = await carol.client.logbooks.create({ title: 'Kept through it all' });
    const { key } = await carol.client.apiKeys.create({ name: 'script' });

    const disabled = await root.client.admin.updateUser(carol.username, { disabled: true });
    expect(disabled).toMatchObject({ username: carol.username, disabled: true, logbook_count: 1 });

    // The next request with either credential is refused, in words.
    for (const credential of [carol.token, key]) {
      expect(await expectStatus(t.server.client(credential).auth.user(), 401)).toEqual({
        code: 'authentication_failed',
        detail: ACCOUNT_DISABLED,
      });
      await expectStatus(t.server.client(credential).logbooks.get(book.logid), 401);
    }
    const gateway = await fetch(`${t.server.origin}/v1/models`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(gateway.status).toBe(401);
    // Signing in again is refused too, in words, to whoever knows the password.
    expect(
      await expectStatus(t.server.client().auth.login({ username: carol.username, password: PASSWORD }), 400),
    ).toEqual({ non_field_errors: [ACCOUNT_DISABLED] });
    expect(
      await expectStatus(
        t.server.client().auth.login({ username: carol.username, password: 'wrong-1-x' }),
        400,
      ),
    ).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });

    // Nothing of theirs is gone.
    expect(
      await db().selectFrom('logbooks').select('title').where('logid', '=', book.logid).executeTakeFirst(),
    ).toEqual({
      title: 'Kept through it all',
    });
    expect((await root.client.admin.users({ q: carol.username })).results[0]).toMatchObject({
      disabled: true,
      logbook_count: 1,
    });

    // Enabled again, the same token and key work, and the data is there.
    expect(await root.client.admin.updateUser(carol.username, { disabled: false })).toMatchObject({
      disabled: false,
    });
    expect((await carol.client.logbooks.get(book.logid)).title).toBe('Kept through it all');
    expect((await t.server.client(key).auth.user()).username).toBe(carol.username);
    await t.server.client().auth.login({ username: carol.username, password: PASSWORD });
  });

  it('is for administrators only; one cannot disable themself; an unknown user is 404', async () => {
    expect(
      await expectStatus(t.alice.client.admin.updateUser(t.bob.username, { disabled: true }), 403),
    ).toMatchObject({
      code: 'permission_denied',
    });
    expect((await t.bob.client.auth.user()).username).toBe(t.bob.username);

    expect(await expectStatus(root.client.admin.updateUser('ROOT', { disabled: true }), 403)).toMatchObject({
      detail: 'You cannot disable your own account.',
    });
    expect((await root.client.auth.user()).is_admin).toBe(true);
    // Another administrator may (an account taken over must be stoppable at once), and enable them again.
    await vizier.client.admin.updateUser('root', { disabled: true });
    await expectStatus(root.client.auth.user(), 401);
    await vizier.client.admin.updateUser('root', { disabled: false });
    expect((await root.client.auth.user()).username).toBe('root');

    expect(
      await expectStatus(root.client.admin.updateUser('nobody-here', { disabled: true }), 404),
    ).toMatchObject({
      detail: 'User not found.',
    });
    // The examples' owner is not a user an administrator manages.
    await expectStatus(root.client.admin.updateUser('caravanserai', { disabled: true }), 404);
  });

  it('refuses a body it cannot use (400) and a name no user can have (404), changing nothing', async () => {
    const path = pathOf(routes.admin.updateUser, { username: t.bob.username });
    for (const body of ['{"disabled":"yes"}', '{}', '{"disabled":null}', '[]']) {
      const res = await t.server.http(path, { method: 'PUT', body, token: root.token });
      expect(res.status, body).toBe(400);
    }
    const bad = await t.server.http('/admin/users/bob%20smith/', {
      method: 'PUT',
      body: '{"disabled":true}',
      token: root.token,
    });
    expect(bad.status).toBe(404);
    expect((await userRow(t.bob.username)).disabled_at).toBeNull();
  });
});
