import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectStatus, useServer } from '@caravanserai/test-kit';
import { useOidcProvider } from '@caravanserai/test-kit/oidc';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../src/modules/auth/account-gate.js';
import { REGISTRATION_CLOSED } from '../src/modules/auth/registration.service.js';
import { seededAccount } from './admin-helpers.js';
import { accountState, atProvider, signInBySso, uniqueLogin } from './sso-helpers.js';

/** Who a server lets in by single sign-on: OIDC_ALLOWED_DOMAINS, REGISTRATION, disabled accounts. */
const idp = useOidcProvider();
const person = (domain: string, prefix = 'p') => {
  const login = uniqueLogin(prefix);
  return idp.addAccount({ login, email: `${login}@${domain}`, email_verified: true });
};

describe('OIDC_ALLOWED_DOMAINS', () => {
  const t = useServer({ overrides: () => ({ oidc: idp.settings({ allowedDomains: ['corp.example'] }) }) });

  it('lets in the people of the listed domains and refuses others in words, changing nothing', async () => {
    const inside = person('corp.example');
    expect((await t.server.client(await signInBySso(t.server, idp, inside.login)).auth.user()).email).toBe(
      inside.email,
    );
    const before = await accountState(t.server);
    for (const domain of ['elsewhere.example', 'sub.corp.example', 'corp.example.evil']) {
      const outside = person(domain);
      const { body } = await atProvider(t.server, idp, outside.login);
      expect(await expectStatus(t.server.client().sso.callback(body), 403)).toEqual({
        code: 'permission_denied',
        detail: `Single sign-on on this server is for e-mail addresses at corp.example; ${outside.email} is not one of them.`,
      });
    }
    expect(await accountState(t.server)).toEqual(before);
  });

  it('refuses someone known once their e-mail has left the domains', async () => {
    const moving = person('corp.example', 'moving');
    await signInBySso(t.server, idp, moving.login);
    moving.email = 'moving@elsewhere.example';
    const before = await accountState(t.server);
    const { body } = await atProvider(t.server, idp, moving.login);
    await expectStatus(t.server.client().sso.callback(body), 403);
    expect(await accountState(t.server)).toEqual(before);
  });
});

describe('REGISTRATION=closed', () => {
  const t = useServer({ overrides: () => ({ registration: 'closed', oidc: idp.settings() }) });

  it('refuses a newcomer in words but signs existing accounts in by verified e-mail', async () => {
    const amira = await seededAccount(t.server, 'amira');
    const before = await accountState(t.server);
    const { body } = await atProvider(t.server, idp, person('corp.example').login);
    expect(await expectStatus(t.server.client().sso.callback(body), 403)).toEqual({
      code: 'permission_denied',
      detail: REGISTRATION_CLOSED,
    });
    expect(await accountState(t.server)).toEqual(before);
    const known = idp.addAccount({
      login: uniqueLogin('amira'),
      email: 'amira@example.com',
      email_verified: true,
    });
    const key = await signInBySso(t.server, idp, known.login);
    expect((await t.server.client(key).auth.user()).pk).toBe(amira.pk);
  });
});

describe('REGISTRATION=invite', () => {
  const withoutDomains = useServer({ overrides: () => ({ registration: 'invite', oidc: idp.settings() }) });
  const withDomains = useServer({
    overrides: () => ({ registration: 'invite', oidc: idp.settings({ allowedDomains: ['corp.example'] }) }),
  });

  it('takes OIDC_ALLOWED_DOMAINS as the invitation; without it a newcomer needs an invite link', async () => {
    const newcomer = person('corp.example');
    const before = await accountState(withoutDomains.server);
    const { body } = await atProvider(withoutDomains.server, idp, newcomer.login);
    const refused = await expectStatus(withoutDomains.server.client().sso.callback(body), 403);
    expect(refused.detail).toMatch(
      /^Registration on this server is by invitation: register with the invite link/,
    );
    expect(await accountState(withoutDomains.server)).toEqual(before);

    const key = await signInBySso(withDomains.server, idp, newcomer.login);
    expect((await withDomains.server.client(key).auth.user()).email).toBe(newcomer.email);
  });
});

describe('a disabled account', () => {
  const t = useServer({ overrides: () => ({ adminUsernames: ['root'], oidc: idp.settings() }) });

  it('cannot sign in by single sign-on either', async () => {
    const root = await seededAccount(t.server, 'root');
    const leaving = person('corp.example', 'leaving');
    const { username } = await t.server.client(await signInBySso(t.server, idp, leaving.login)).auth.user();
    await root.client.admin.updateUser(username, { disabled: true });
    const before = await accountState(t.server);
    const { body } = await atProvider(t.server, idp, leaving.login);
    expect(await expectStatus(t.server.client().sso.callback(body), 403)).toEqual({
      code: 'permission_denied',
      detail: ACCOUNT_DISABLED,
    });
    expect(await accountState(t.server)).toEqual(before);
  });
});

describe('a provider that cannot be reached', () => {
  let unreachable = '';
  beforeAll(async () => {
    // A port nothing listens on any more.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    unreachable = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  const t = useServer({ overrides: () => ({ oidc: idp.settings({ issuer: unreachable }) }) });

  it('answers 503 in words, and keeps no attempt', async () => {
    expect(await expectStatus(t.server.client().sso.start(), 503)).toEqual({
      code: 'provider_error',
      detail: `The sign-in provider (${unreachable}) cannot be reached just now: try again in a minute, or sign in with your password.`,
    });
    const attempts = await t.server.testDb.db.kysely.selectFrom('sso_attempts').selectAll().execute();
    expect(attempts).toEqual([]);
  });
});
