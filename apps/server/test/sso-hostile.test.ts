import { expectStatus, useServer } from '@caravanserai/test-kit';
import { useOidcProvider } from '@caravanserai/test-kit/oidc';
import { describe, expect, it } from 'vitest';
import { STALE_ATTEMPT } from '../src/modules/sso/sso.service.js';
import { EMAIL_UNVERIFIED, NO_EMAIL } from '../src/modules/sso/sso-person.js';
import { accountState, atProvider, uniqueLogin } from './sso-helpers.js';

/** Another value of the same shape as a state or key the server made. */
const forged = (value: string) => `${value.slice(0, -4)}${value.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;

describe('single sign-on refuses what it cannot bear out, and changes nothing', () => {
  const idp = useOidcProvider();
  const t = useServer({ users: ['amira'], overrides: () => ({ oidc: idp.settings() }) });

  const newPerson = (prefix: string, claims: { email?: string; email_verified?: boolean } = {}) => {
    const login = uniqueLogin(prefix);
    return idp.addAccount({ login, email: `${login}@corp.example`, email_verified: true, ...claims });
  };

  it('refuses a forged state and another browser, leaving the real attempt usable', async () => {
    const person = newPerson('forge');
    const { body } = await atProvider(t.server, idp, person.login);
    const before = await accountState(t.server);
    const wrongState = { ...body, state: forged(body.state) };
    expect(await expectStatus(t.server.client().sso.callback(wrongState), 400)).toEqual({
      code: 'invalid',
      detail: STALE_ATTEMPT,
    });
    const wrongBrowser = { ...body, browser_key: forged(body.browser_key) };
    await expectStatus(t.server.client().sso.callback(wrongBrowser), 400);
    // A state that is not even of the shape: refused by the schema, in words.
    await expectStatus(t.server.client().sso.callback({ ...body, state: 'a\u0000b' }), 400);
    expect(await accountState(t.server)).toEqual(before);
    // The browser that started it still finishes it.
    const { key } = await t.server.client().sso.callback(body);
    expect((await t.server.client(key).auth.user()).email).toBe(person.email);
  });

  it('refuses a replayed code, under its own state or a fresh one', async () => {
    const person = newPerson('replay');
    const { body } = await atProvider(t.server, idp, person.login);
    await t.server.client().sso.callback(body);
    const before = await accountState(t.server);
    expect(await expectStatus(t.server.client().sso.callback(body), 400)).toMatchObject({
      detail: STALE_ATTEMPT,
    });
    // Under a new attempt of the same person the provider itself refuses the spent code.
    const fresh = await atProvider(t.server, idp, person.login);
    const replay = { ...fresh.body, code: body.code };
    const refused = await expectStatus(t.server.client().sso.callback(replay), 400);
    expect(refused.detail).toMatch(
      /^The sign-in provider's answer was refused \(the provider refused the code: invalid_grant/,
    );
    expect(await accountState(t.server)).toEqual(before);
  });

  it('refuses an ID token the provider issued to another client (a foreign audience)', async () => {
    const person = newPerson('audience');
    const { started, body } = await atProvider(t.server, idp, person.login);
    const nonce = new URL(started.authorization_url).searchParams.get('nonce') ?? '';
    // A genuine answer of the provider, with this attempt's nonce, but for another application.
    const foreign = await idp.foreignTokenResponse(person.login, nonce);
    const claims = JSON.parse(
      Buffer.from(String(foreign.id_token).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({ aud: 'another-app', nonce, iss: idp.issuer, sub: person.login });
    const before = await accountState(t.server);
    const requests = idp.tokenRequests;
    idp.substituteNextTokenResponse(foreign);
    const refused = await expectStatus(t.server.client().sso.callback(body), 400);
    expect(idp.tokenRequests).toBe(requests + 1);
    expect(refused.detail).toMatch(/^The sign-in provider's answer was refused \(.*"aud" \(audience\)/);
    expect(await accountState(t.server)).toEqual(before);
  });

  it('refuses an unverified e-mail, even one an account here has, in words', async () => {
    const before = await accountState(t.server);
    for (const email of ['unverified@corp.example', `${t.amira.username}@example.com`]) {
      const person = newPerson('unverified', { email, email_verified: false });
      const { body } = await atProvider(t.server, idp, person.login);
      expect(await expectStatus(t.server.client().sso.callback(body), 403)).toEqual({
        code: 'permission_denied',
        detail: EMAIL_UNVERIFIED,
      });
    }
    const silent = idp.addAccount({ login: uniqueLogin('silent') });
    const { body } = await atProvider(t.server, idp, silent.login);
    expect(await expectStatus(t.server.client().sso.callback(body), 403)).toMatchObject({ detail: NO_EMAIL });
    expect(await accountState(t.server)).toEqual(before);
  });

  it('says what the provider answered when the person turned the sign-in down', async () => {
    const { started } = await atProvider(t.server, idp, newPerson('cancel').login);
    const again = await t.server.client().sso.start();
    const state = new URL(again.authorization_url).searchParams.get('state') ?? '';
    const answer = {
      state,
      browser_key: again.browser_key,
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
      iss: idp.issuer,
    };
    expect(started.browser_key).not.toBe(again.browser_key);
    expect(await expectStatus(t.server.client().sso.callback(answer), 400)).toMatchObject({
      detail: expect.stringContaining('access_denied: End-User aborted interaction'),
    });
  });

  it('refuses an attempt older than ten minutes', async () => {
    const person = newPerson('late');
    const { body } = await atProvider(t.server, idp, person.login);
    await t.server.testDb.db.kysely
      .updateTable('sso_attempts')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const before = await accountState(t.server);
    expect(await expectStatus(t.server.client().sso.callback(body), 400)).toMatchObject({
      detail: STALE_ATTEMPT,
    });
    expect(await accountState(t.server)).toEqual(before);
  });
});
