import { type Invite, pathOf, routes } from '@caravanserai/api';
import { expectStatus, PASSWORD, type SignedIn, useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITE_INVALID } from '../src/modules/admin/invites.service.js';
import { INVITE_NEEDED, REGISTRATION_CLOSED } from '../src/modules/auth/registration.service.js';
import { ADMINS, registerNamed, seededAccount } from './admin-helpers.js';

let seq = 0;
const uniqueName = () => `newcomer${process.pid}n${++seq}`;

const form = (invite?: string) => ({
  username: uniqueName(),
  password1: PASSWORD,
  password2: PASSWORD,
  ...(invite === undefined ? {} : { invite }),
});

/** The code in an invite's sign-up address. */
const codeIn = (invite: Invite) => new URL(invite.url).searchParams.get('invite')!;

describe('REGISTRATION=closed', () => {
  const t = useServer({ overrides: { registration: 'closed', adminUsernames: ADMINS } });

  it('refuses every registration in words, invite or not, and creates nobody', async () => {
    expect(await t.server.client().config.get()).toMatchObject({ registration: 'closed' });
    expect(await expectStatus(t.server.client().auth.register(form()), 403)).toEqual({
      code: 'permission_denied',
      detail: REGISTRATION_CLOSED,
    });
    await expectStatus(t.server.client().auth.register(form('abc123')), 403);
    const users = await t.server.testDb.db.kysely.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['caravanserai']);
  });
});

describe('REGISTRATION=invite', () => {
  const t = useServer({ overrides: { registration: 'invite', adminUsernames: ADMINS } });
  let root: SignedIn;
  let leader: SignedIn;
  let plain: SignedIn;
  beforeAll(async () => {
    root = await seededAccount(t.server, 'root');
    leader = await registerNamed(t.server, 'leader', (await root.client.admin.createInvite({})).code);
    plain = await registerNamed(t.server, 'plain', (await root.client.admin.createInvite({})).code);
  });

  it('refuses a registration without an invite, in words', async () => {
    expect(await t.server.client().config.get()).toMatchObject({ registration: 'invite' });
    expect(await expectStatus(t.server.client().auth.register(form()), 403)).toEqual({
      code: 'permission_denied',
      detail: INVITE_NEEDED,
    });
  });

  it('lets administrators make single-use links, admitting one registration each', async () => {
    const invite = await root.client.admin.createInvite({});
    expect(invite.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(invite.url).toBe(`${t.server.origin}/signup/?invite=${invite.code}`);
    expect(Date.parse(invite.expires) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(invite.caravan).toBeNull();
    // Stored hashed: the code itself is nowhere in the database.
    const rows = await t.server.testDb.db.kysely.selectFrom('registration_invites').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(invite.code);

    const first = form(codeIn(invite));
    const { key } = await t.server.client().auth.register(first);
    expect((await t.server.client(key).auth.user()).username).toBe(first.username);

    // Used: the next registration with it is refused, in words, and leaves no account.
    const second = form(invite.code);
    expect(await expectStatus(t.server.client().auth.register(second), 400)).toEqual({
      invite: [INVITE_INVALID],
    });
    await expectStatus(t.server.client().auth.login({ username: second.username, password: PASSWORD }), 400);
  });

  it('admits only one of two registrations racing with one link', async () => {
    const { code } = await root.client.admin.createInvite({ expires_in_days: 1 });
    const results = await Promise.allSettled([
      t.server.client().auth.register(form(code)),
      t.server.client().auth.register(form(code)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 400 });
  });

  it('refuses an expired link, an unknown one and a malformed one (400), creating nobody', async () => {
    const { code } = await root.client.admin.createInvite({ expires_in_days: 1 });
    await t.server.testDb.db.kysely
      .updateTable('registration_invites')
      .set({ expires_at: Date.now() - 1 })
      .where('used_at', 'is', null)
      .execute();
    expect(await expectStatus(t.server.client().auth.register(form(code)), 400)).toEqual({
      invite: [INVITE_INVALID],
    });
    await expectStatus(t.server.client().auth.register(form('x'.repeat(32))), 400);
    const res = await t.server.http(pathOf(routes.auth.register), {
      method: 'POST',
      body: JSON.stringify(form('not a code;drop')),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ invite: ['This invite link is not valid.'] });
    const names = await t.server.testDb.db.kysely.selectFrom('users').select('username').execute();
    expect(names.filter((u) => u.username.startsWith('newcomer'))).toHaveLength(2);
  });

  it("lets a caravan's leaders make links into their caravan, which the new user joins", async () => {
    const caravan = await leader.client.caravans.create({ name: 'Silk Road' });
    const invite = await leader.client.admin.createInvite({ caravan: caravan.caravan_id });
    expect(invite.caravan).toEqual({ caravan_id: caravan.caravan_id, name: 'Silk Road' });
    const { key } = await t.server.client().auth.register(form(invite.code));
    const joined = await t.server.client(key).caravans.get(caravan.caravan_id);
    expect(joined.role).toBe('member');
    const audit = await leader.client.caravans.audit(caravan.caravan_id);
    expect(audit[0]).toMatchObject({ action: 'member.join', detail: 'invite link' });
  });

  it('refuses links to anyone else (403), and into a caravan one does not lead (404, 403)', async () => {
    const caravan = await leader.client.caravans.create({ name: 'Spice Route' });
    expect(await expectStatus(plain.client.admin.createInvite({}), 403)).toMatchObject({
      code: 'permission_denied',
    });
    await expectStatus(plain.client.admin.createInvite({ caravan: caravan.caravan_id }), 404);
    // An administrator leads no caravan by being one.
    await expectStatus(root.client.admin.createInvite({ caravan: caravan.caravan_id }), 404);
    await expectStatus(t.server.client().admin.createInvite({}), 401);
    for (const body of [
      { expires_in_days: 0 },
      { expires_in_days: 91 },
      { expires_in_days: 1.5 },
      { caravan: '../x' },
    ]) {
      const res = await t.server.http(pathOf(routes.admin.createInvite), {
        method: 'POST',
        body: JSON.stringify(body),
        token: root.token,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('REGISTRATION=open (the default)', () => {
  const t = useServer({ users: ['leader'] });

  it('registers anyone without an invite, and a caravan link still joins its caravan', async () => {
    expect(await t.server.client().config.get()).toMatchObject({ registration: 'open' });
    await t.server.client().auth.register(form());
    const caravan = await t.leader.client.caravans.create({ name: 'Incense Route' });
    const invite = await t.leader.client.admin.createInvite({ caravan: caravan.caravan_id });
    const { key } = await t.server.client().auth.register(form(invite.code));
    expect((await t.server.client(key).caravans.get(caravan.caravan_id)).role).toBe('member');
    // A spent link is refused in any mode.
    await expectStatus(t.server.client().auth.register(form(invite.code)), 400);
  });
});
