import { pathOf, routes } from '@caravanserai/api';
import { expectStatus, PASSWORD, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer();

let seq = 0;
/** A username no other test in this file (or a parallel file) uses. */
// Letters only: a name holding the process id's digits could be 'too similar' to a numeric password.
const letters = (n: number) => n.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!);
const uniqueName = (prefix = 'pw') => `${prefix}${letters(process.pid)}n${letters(++seq)}`;

const TOO_COMMON = 'This password is too common.';
const TOO_SHORT = 'This password is too short. It must contain at least 8 characters.';
const NUMERIC = 'This password is entirely numeric.';
const SIMILAR_USERNAME = 'The password is too similar to the username.';
const SIMILAR_EMAIL = 'The password is too similar to the email address.';

/** Registers over plain HTTP, so the body is exactly what was sent. */
const register = (body: Record<string, string>) =>
  t.server.http(pathOf(routes.auth.register), {
    method: 'POST',
    body: JSON.stringify({ ...body, password2: body.password1 }),
  });

/** Proves no account was made: logging in with the refused password fails as for a stranger. */
async function expectNoUser(username: string, password: string) {
  const login = await expectStatus(t.server.client().auth.login({ username, password }), 400);
  expect(login).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
  const row = await t.server.testDb.db.kysely
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  expect(row).toBeUndefined();
}

describe('weak passwords at registration', () => {
  const weak: [string, string, string[]][] = [
    ['a common one', 'password', [TOO_COMMON]],
    ['a keyboard row', 'qwertyuiop', [TOO_COMMON]],
    ['a common one in capitals', 'PASSWORD', [TOO_COMMON]],
    ['one letter repeated', 'aaaaaaaa', [TOO_COMMON]],
    ['eight spaces', '        ', [TOO_COMMON]],
    ['a common number', '12345678', [TOO_COMMON, NUMERIC]],
    ['a short one', 'x7!b', [TOO_SHORT]],
  ];

  for (const [what, password, messages] of weak) {
    it(`refuses ${what} with Django's message on password1, and creates no user`, async () => {
      const username = uniqueName();
      const res = await register({ username, email: `${username}@example.com`, password1: password });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ password1: messages });
      await expectNoUser(username, password);
    });
  }

  it('refuses a password too similar to the username', async () => {
    const username = uniqueName('caravanner');
    const password = `${username}!`;
    const res = await register({ username, password1: password });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ password1: [SIMILAR_USERNAME] });
    await expectNoUser(username, password);
  });

  it('refuses a password too similar to the email address', async () => {
    const username = uniqueName();
    const res = await register({ username, email: 'ali.silkroad@example.com', password1: 'silkroad!' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ password1: [SIMILAR_EMAIL] });
    await expectNoUser(username, 'silkroad!');
  });

  it('says every problem at once', async () => {
    const username = uniqueName();
    const res = await register({ username, password1: '1234' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ password1: [TOO_SHORT, TOO_COMMON, NUMERIC] });
  });

  it('accepts a good password, which then logs in', async () => {
    const username = uniqueName();
    const res = await register({ username, email: `${username}@example.com`, password1: PASSWORD });
    expect(res.status).toBe(201);
    const { key } = await t.server.client().auth.login({ username, password: PASSWORD });
    expect(key).toMatch(/^[0-9a-f]{40}$/);
  });
});
