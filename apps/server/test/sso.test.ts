import { expectStatus, PASSWORD, useServer } from '@caravanserai/test-kit';
import { useOidcProvider } from '@caravanserai/test-kit/oidc';
import { describe, expect, it } from 'vitest';
import { atProvider, signInBySso, uniqueLogin } from './sso-helpers.js';

describe('single sign-on with a real OpenID provider', () => {
  const idp = useOidcProvider();
  const t = useServer({
    users: ['amira'],
    overrides: () => ({ oidc: idp.settings(), adminUsernames: ['boss'] }),
  });

  it('tells clients the button label in GET /config/', async () => {
    expect(await t.server.client().config.get()).toMatchObject({ sso: { label: 'Test IdP' } });
  });

  it('sends the browser to the provider with PKCE, state and nonce, each new for every attempt', async () => {
    const first = new URL((await t.server.client().sso.start()).authorization_url);
    const second = new URL((await t.server.client().sso.start()).authorization_url);
    expect(first.origin).toBe(idp.issuer);
    const params = first.searchParams;
    expect(params.get('client_id')).toBe('caravanserai');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('redirect_uri')).toBe(`${t.server.origin}/login/sso/`);
    expect(params.get('scope')).toBe('openid email profile');
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(params.get(name)?.length).toBeGreaterThanOrEqual(43);
      expect(second.searchParams.get(name)).not.toBe(params.get(name));
    }
    // The attempt is kept by the server, by the state's hash: nothing of it in the clear.
    const rows = await t.server.testDb.db.kysely.selectFrom('sso_attempts').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(params.get('state'));
  });

  it('creates an account on a first sign-in, without a password, and issues a usable token', async () => {
    const login = uniqueLogin('kofi');
    idp.addAccount({
      login,
      email: 'Kofi.Mensah@Corp.Example',
      email_verified: true,
      preferred_username: 'kofi',
    });
    const key = await signInBySso(t.server, idp, login);
    const me = await t.server.client(key).auth.user();
    expect(me).toMatchObject({ username: 'kofi', email: 'kofi.mensah@corp.example', is_admin: false });
    // The token works as a password login's does.
    const journal = await t.server.client(key).journals.create({ title: 'From SSO' });
    expect(journal.title).toBe('From SSO');
    // There is no password to sign in with.
    await expectStatus(t.server.client().auth.login({ username: 'kofi', password: PASSWORD }), 400);
    await expectStatus(t.server.client().auth.login({ username: 'kofi', password: '!' }), 400);
    const identity = await t.server.testDb.db.kysely
      .selectFrom('sso_identities')
      .selectAll()
      .where('subject', '=', login)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: idp.issuer, user_id: me.pk });
  });

  it('finds the same account on the next sign-in, even after the e-mail changed at the provider', async () => {
    const login = uniqueLogin('lena');
    const person = idp.addAccount({ login, email: 'lena@corp.example', email_verified: true });
    const first = await t.server.client(await signInBySso(t.server, idp, login)).auth.user();
    expect(first.username).toBe('lena');
    person.email = 'lena.berg@other.example';
    const again = await t.server.client(await signInBySso(t.server, idp, login)).auth.user();
    expect(again.pk).toBe(first.pk);
    expect(again.username).toBe('lena');
  });

  it('joins the existing account with the same verified e-mail, whose password still works', async () => {
    const login = uniqueLogin('amira-at-idp');
    idp.addAccount({
      login,
      email: `${t.amira.username.toUpperCase()}@EXAMPLE.COM`,
      email_verified: true,
      preferred_username: 'someone-else',
    });
    const key = await signInBySso(t.server, idp, login);
    expect((await t.server.client(key).auth.user()).pk).toBe(t.amira.pk);
    await t.server.client().auth.login({ username: t.amira.username, password: PASSWORD });
    // Remembered: found by subject from now on.
    expect((await t.server.client(await signInBySso(t.server, idp, login)).auth.user()).pk).toBe(t.amira.pk);
  });

  it('makes a taken or reserved username unique', async () => {
    const taken = uniqueLogin('dup');
    idp.addAccount({
      login: taken,
      email: 'other.amira@corp.example',
      email_verified: true,
      preferred_username: t.amira.username,
    });
    const me = await t.server.client(await signInBySso(t.server, idp, taken)).auth.user();
    expect(me.username).toBe(`${t.amira.username}2`);
    expect(me.pk).not.toBe(t.amira.pk);

    // An administrator's name (ADMIN_USERNAMES) is never taken by a newcomer.
    const boss = uniqueLogin('boss');
    idp.addAccount({
      login: boss,
      email: 'boss@elsewhere.example',
      email_verified: true,
      preferred_username: 'Boss',
    });
    const newcomer = await t.server.client(await signInBySso(t.server, idp, boss)).auth.user();
    expect(newcomer).toMatchObject({ username: 'Boss2', is_admin: false });
  });

  it('keeps the e-mail local part for a name when the provider gives none', async () => {
    const login = uniqueLogin('noname');
    idp.addAccount({ login, email: 'José.Núñez+work@corp.example', email_verified: true });
    const me = await t.server.client(await signInBySso(t.server, idp, login)).auth.user();
    expect(me.username).toBe('jose.nunez+work');
  });

  it('hands the provider an attempt once: the same callback again is refused', async () => {
    const login = uniqueLogin('once');
    idp.addAccount({ login, email: 'once@corp.example', email_verified: true });
    const { body } = await atProvider(t.server, idp, login);
    await t.server.client().sso.callback(body);
    await expectStatus(t.server.client().sso.callback(body), 400);
  });
});

describe('single sign-on while it is not set up', () => {
  const t = useServer();

  it('answers 404 in words and tells clients there is no button', async () => {
    expect(await t.server.client().config.get()).toMatchObject({ sso: null });
    expect(await expectStatus(t.server.client().sso.start(), 404)).toEqual({
      code: 'not_found',
      detail: 'Single sign-on is not set up on this server.',
    });
    await expectStatus(t.server.client().sso.callback({ state: 'abc', browser_key: 'abc', code: 'x' }), 404);
  });
});
