import { pathOf, routes } from '@caravanserai/api';
import { expectStatus, PASSWORD, startServer, type TestServer, useServer } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const t = useServer();

let seq = 0;
/** A username no other test in this file (or a parallel file) uses. */
const uniqueName = (prefix = 'auth') => `${prefix}${process.pid}n${++seq}`;

const post = (path: string, body: unknown, token?: string) =>
  t.server.http(path, { method: 'POST', body: JSON.stringify(body), token });

const BAD_CREDENTIALS = { non_field_errors: ['Unable to log in with provided credentials.'] };
const USERNAME_TAKEN = { username: ['A user with that username already exists.'] };

describe('registration', () => {
  it('answers 201 with a 40-hex key, with an email', async () => {
    const username = uniqueName();
    const res = await post(pathOf(routes.auth.register), {
      username,
      email: `${username}@example.com`,
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { key: string };
    expect(body.key).toMatch(/^[0-9a-f]{40}$/);
    const me = await t.server.client(body.key).auth.user();
    expect(me).toMatchObject({ username, email: `${username}@example.com` });
  });

  it('answers 201 without an email, and without the trailing slash', async () => {
    const username = uniqueName();
    const res = await post('/rest-auth/registration', { username, password1: PASSWORD, password2: PASSWORD });
    expect(res.status).toBe(201);
    const { key } = (await res.json()) as { key: string };
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(await t.server.client(key).auth.user()).toMatchObject({ username, email: '' });
  });

  it('refuses passwords that do not match and creates no user', async () => {
    const username = uniqueName();
    const body = await expectStatus(
      t.server.client().auth.register({ username, password1: PASSWORD, password2: `${PASSWORD}x` }),
      400,
    );
    expect(body).toEqual({ non_field_errors: ["The two password fields didn't match."] });
    const login = await expectStatus(t.server.client().auth.login({ username, password: PASSWORD }), 400);
    expect(login).toEqual(BAD_CREDENTIALS);
    const row = await t.server.testDb.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a password that is too short', async () => {
    const body = await expectStatus(
      t.server.client().auth.register({ username: uniqueName(), password1: 'x7!b', password2: 'x7!b' }),
      400,
    );
    expect(body.password1).toEqual(['This password is too short. It must contain at least 8 characters.']);
  });

  it('refuses an entirely numeric password', async () => {
    const body = await expectStatus(
      t.server
        .client()
        .auth.register({ username: uniqueName(), password1: '9073518264', password2: '9073518264' }),
      400,
    );
    expect(body.password1).toEqual(['This password is entirely numeric.']);
  });

  it('refuses a username that is taken, also when it differs only in case', async () => {
    const username = uniqueName('Taken');
    await t.server.client().auth.register({ username, password1: PASSWORD, password2: PASSWORD });
    const same = await expectStatus(
      t.server.client().auth.register({ username, password1: PASSWORD, password2: PASSWORD }),
      400,
    );
    expect(same).toEqual(USERNAME_TAKEN);
    const otherCase = await expectStatus(
      t.server
        .client()
        .auth.register({ username: username.toLowerCase(), password1: PASSWORD, password2: PASSWORD }),
      400,
    );
    expect(otherCase).toEqual(USERNAME_TAKEN);
    const rows = await t.server.testDb.db.kysely
      .selectFrom('users')
      .select('username')
      .where('username_key', '=', username.toLowerCase())
      .execute();
    expect(rows).toEqual([{ username }]);
  });

  it('names every missing field', async () => {
    const res = await post(pathOf(routes.auth.register), {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      username: ['This field is required.'],
      password1: ['This field is required.'],
      password2: ['This field is required.'],
    });
  });

  it('refuses an invalid email', async () => {
    const body = await expectStatus(
      t.server.client().auth.register({
        username: uniqueName(),
        email: 'not-an-email',
        password1: PASSWORD,
        password2: PASSWORD,
      }),
      400,
    );
    expect(body.email).toEqual(['Enter a valid email address.']);
  });
});

describe('login', () => {
  it('returns a new key each time, and each key works', async () => {
    const user = await t.server.signup('login');
    const first = await t.server.client().auth.login({ username: user.username, password: PASSWORD });
    const second = await t.server.client().auth.login({ username: user.username, password: PASSWORD });
    expect(first.key).toMatch(/^[0-9a-f]{40}$/);
    expect(new Set([user.token, first.key, second.key]).size).toBe(3);
    expect((await t.server.client(first.key).auth.user()).pk).toBe(user.pk);
    expect((await t.server.client(second.key).auth.user()).pk).toBe(user.pk);
  });

  it('gives the same answer for a wrong password and for an unknown user', async () => {
    const user = await t.server.signup('login');
    const wrong = await expectStatus(
      t.server.client().auth.login({ username: user.username, password: `${PASSWORD}!` }),
      400,
    );
    expect(wrong).toEqual(BAD_CREDENTIALS);
    const unknown = await expectStatus(
      t.server.client().auth.login({ username: uniqueName('nobody'), password: PASSWORD }),
      400,
    );
    expect(unknown).toEqual(BAD_CREDENTIALS);
  });

  it('names missing fields', async () => {
    const res = await post(pathOf(routes.auth.login), {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('never lets the seeded system account sign in', async () => {
    for (const password of ['', '!', PASSWORD, 'caravanserai']) {
      const res = await post(pathOf(routes.auth.login), { username: 'caravanserai', password });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).not.toHaveProperty('key');
    }
    const body = await expectStatus(
      t.server.client().auth.login({ username: 'caravanserai', password: '!' }),
      400,
    );
    expect(body).toEqual(BAD_CREDENTIALS);
  });
});

describe('the current user', () => {
  it('is {pk, username, email} with the settings for asking', async () => {
    const user = await t.server.signup('me');
    const res = await t.server.http(pathOf(routes.auth.user), { token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      pk: user.pk,
      username: user.username,
      email: `${user.username}@example.com`,
      instructions: '',
      memory_default: true,
      auto_titles: true,
      is_admin: false,
    });
  });

  it('needs a token', async () => {
    const res = await t.server.http(pathOf(routes.auth.user));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
  });

  it('refuses a bogus token', async () => {
    const body = await expectStatus(t.server.client('0'.repeat(40)).auth.user(), 401);
    expect(body).toMatchObject({ detail: 'Invalid token.' });
  });

  it('changes email and location with PATCH', async () => {
    const user = await t.server.signup('patch');
    const updated = await user.client.auth.updateUser({ email: 'new@example.org', location: 'Samarkand' });
    expect(updated).toEqual({
      pk: user.pk,
      username: user.username,
      email: 'new@example.org',
      instructions: '',
      memory_default: true,
      auto_titles: true,
      is_admin: false,
    });
    expect(await user.client.auth.user()).toMatchObject({ email: 'new@example.org' });
    expect(await t.server.client().profiles.get(user.username)).toMatchObject({ location: 'Samarkand' });
  });

  it('refuses an invalid email on PATCH and keeps the old one', async () => {
    const user = await t.server.signup('patch');
    const body = await expectStatus(user.client.auth.updateUser({ email: 'nope' }), 400);
    expect(body.email).toEqual(['Enter a valid email address.']);
    expect((await user.client.auth.user()).email).toBe(`${user.username}@example.com`);
  });
});

describe('logout', () => {
  it('revokes that token only', async () => {
    const user = await t.server.signup('logout');
    const other = await t.server.client().auth.login({ username: user.username, password: PASSWORD });
    await user.client.auth.logout();
    const body = await expectStatus(t.server.client(user.token).auth.user(), 401);
    expect(body).toMatchObject({ detail: 'Invalid token.' });
    expect((await t.server.client(other.key).auth.user()).pk).toBe(user.pk);
  });
});

describe('stored secrets', () => {
  it('keeps tokens hashed', async () => {
    const user = await t.server.signup('secret');
    const { key } = await t.server.client().auth.login({ username: user.username, password: PASSWORD });
    const rows = await t.server.testDb.db.kysely
      .selectFrom('tokens')
      .select('token_hash')
      .where('user_id', '=', user.pk)
      .execute();
    expect(rows).toHaveLength(2);
    for (const { token_hash } of rows) {
      expect(token_hash).not.toBe(key);
      expect(token_hash).not.toBe(user.token);
      expect(token_hash).not.toContain(key);
      expect(token_hash).not.toContain(user.token);
    }
    const matches = await t.server.testDb.db.kysely
      .selectFrom('tokens')
      .select('user_id')
      .where('token_hash', 'in', [key, user.token])
      .execute();
    expect(matches).toEqual([]);
  });

  it('keeps passwords as scrypt hashes, never the plain text', async () => {
    const user = await t.server.signup('secret');
    const row = await t.server.testDb.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.pk)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });
});

describe('rate limiting', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ authRateLimit: 3 });
  });
  afterAll(() => limited.close());

  const send = (path: string, body: unknown) =>
    limited.http(path, { method: 'POST', body: JSON.stringify(body) });

  it('throttles the fourth login attempt within a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await send(pathOf(routes.auth.login), { username: 'someone', password: 'wrong-password' })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400]);
    const res = await send(pathOf(routes.auth.login), { username: 'someone', password: 'wrong-password' });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { detail?: string };
    expect(body.detail).toMatch(/throttled/i);
  });

  it('throttles the fourth registration within a minute', async () => {
    const register = (username: string) =>
      send(pathOf(routes.auth.register), { username, password1: PASSWORD, password2: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await register(uniqueName('rl'))).status);
    expect(statuses).toEqual([201, 201, 201]);
    const username = uniqueName('rl');
    const res = await register(username);
    expect(res.status).toBe(429);
    const body = (await res.json()) as { detail?: string };
    expect(body.detail).toMatch(/throttled/i);
    const row = await limited.testDb.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
