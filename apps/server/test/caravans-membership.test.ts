import { pathOf, routes } from '@caravanserai/api';
import { createLogbook, expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { AuditRepository } from '../src/modules/caravans/audit.repository.js';
import { caravanWith, join } from './caravans-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol', 'dave'] });

describe('caravans', () => {
  it('are created by anyone while payments are off, the creator leading it', async () => {
    const caravan = await t.alice.client.caravans.create({ name: '  Acme  ' });
    expect(caravan).toEqual({
      caravan_id: caravan.caravan_id,
      name: 'Acme',
      role: 'leader',
      members: [{ username: t.alice.username, role: 'leader', joined_at: expect.any(String) }],
      wells: [],
      policy: {
        allowed_models: [],
        member_monthly_queries: null,
        member_monthly_tokens: null,
        caravan_monthly_tokens: null,
        personal_wells: true,
      },
    });
    expect(await t.alice.client.caravans.list()).toContainEqual({
      caravan_id: caravan.caravan_id,
      name: 'Acme',
      role: 'leader',
    });
    const raw = await t.server.http(pathOf(routes.caravans.create), {
      method: 'POST',
      token: t.alice.token,
      body: '{"name":"x"}',
    });
    expect(raw.status).toBe(201);
  });

  it('are 404 to non-members, and 403 to members for leaders’ calls; nothing changes', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const id = caravan.caravan_id;
    const notFound = { detail: 'Caravan not found.', code: 'not_found' };
    const c = t.carol.client.caravans;
    for (const [name, call] of [
      ['get', () => c.get(id)],
      ['rename', () => c.rename(id, { name: 'Taken' })],
      ['delete', () => c.remove(id)],
      ['invite', () => c.invite(id, { username: t.carol.username })],
      ['policy', () => c.setPolicy(id, {})],
      ['usage', () => c.usage(id)],
      ['audit', () => c.audit(id)],
      ['remove', () => c.removeMember(id, t.bob.username)],
      ['role', () => c.setRole(id, t.bob.username, { role: 'leader' })],
    ] as const) {
      expect(await expectStatus(call(), 404), name).toEqual(notFound);
    }
    const b = t.bob.client.caravans;
    const forbidden = { detail: 'Only a leader of this caravan can do this.', code: 'permission_denied' };
    for (const [name, call] of [
      ['rename', () => b.rename(id, { name: 'Taken' })],
      ['delete', () => b.remove(id)],
      ['invite', () => b.invite(id, { username: t.carol.username })],
      ['policy', () => b.setPolicy(id, { member_monthly_queries: 1000 })],
      ['audit', () => b.audit(id)],
      ['remove other', () => b.removeMember(id, t.alice.username)],
      ['role', () => b.setRole(id, t.bob.username, { role: 'leader' })],
      ['share', () => b.shareWell(id, { wellid: 'abc' })],
      ['unshare', () => b.unshareWell(id, 'abc')],
    ] as const) {
      expect(await expectStatus(call(), 403), name).toEqual(forbidden);
    }
    expect(await t.alice.client.caravans.get(id)).toEqual(caravan);
    expect((await b.get(id)).role).toBe('member');
    expect(await expectStatus(t.server.client().caravans.list(), 401)).toMatchObject({
      code: 'not_authenticated',
    });
  });

  it('are renamed and deleted by a leader', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const renamed = await t.alice.client.caravans.rename(caravan.caravan_id, { name: 'Renamed' });
    expect(renamed.name).toBe('Renamed');
    expect((await t.bob.client.caravans.get(caravan.caravan_id)).name).toBe('Renamed');
    await t.alice.client.caravans.remove(caravan.caravan_id);
    await expectStatus(t.alice.client.caravans.get(caravan.caravan_id), 404);
    expect((await t.bob.client.caravans.list()).map((c) => c.caravan_id)).not.toContain(caravan.caravan_id);
  });
});

describe('invites', () => {
  it('are listed to the invitee, accepted into membership or declined', async () => {
    const caravan = await t.alice.client.caravans.create({ name: 'Invites' });
    const id = caravan.caravan_id;
    const invite = await t.alice.client.caravans.invite(id, { username: t.bob.username.toUpperCase() });
    expect(invite).toEqual({ invite_id: invite.invite_id, caravan_id: id, username: t.bob.username });
    expect(await t.bob.client.caravans.invites()).toContainEqual({
      invite_id: invite.invite_id,
      caravan_id: id,
      caravan_name: 'Invites',
      invited_by: t.alice.username,
    });
    // Not an invitee's: it does not exist for them.
    await expectStatus(t.carol.client.caravans.accept(invite.invite_id), 404);
    await expectStatus(t.carol.client.caravans.decline(invite.invite_id), 404);
    await expectStatus(t.bob.client.caravans.get(id), 404);

    const joined = await t.bob.client.caravans.accept(invite.invite_id);
    expect(joined.role).toBe('member');
    expect(joined.members.map((m) => [m.username, m.role])).toEqual([
      [t.alice.username, 'leader'],
      [t.bob.username, 'member'],
    ]);
    expect(await t.bob.client.caravans.invites()).toEqual([]);
    await expectStatus(t.bob.client.caravans.accept(invite.invite_id), 404);

    const toCarol = await t.alice.client.caravans.invite(id, { username: t.carol.username });
    await t.carol.client.caravans.decline(toCarol.invite_id);
    expect(await t.carol.client.caravans.invites()).toEqual([]);
    await expectStatus(t.carol.client.caravans.get(id), 404);
  });

  it('refuse unknown users (400), members and the already invited (409)', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const id = caravan.caravan_id;
    expect(await expectStatus(t.alice.client.caravans.invite(id, { username: 'nobody-here' }), 400)).toEqual({
      username: ['User "nobody-here" does not exist.'],
    });
    await expectStatus(t.alice.client.caravans.invite(id, { username: t.bob.username }), 409);
    await expectStatus(t.alice.client.caravans.invite(id, { username: t.alice.username }), 409);
    await t.alice.client.caravans.invite(id, { username: t.carol.username });
    await expectStatus(t.alice.client.caravans.invite(id, { username: t.carol.username }), 409);
  });
});

describe('members', () => {
  it('leave, are removed by a leader, promoted and demoted; the last leader cannot go (409)', async () => {
    const caravan = await caravanWith(t.alice, [t.bob, t.carol]);
    const id = caravan.caravan_id;
    const lastLeader = {
      detail: 'A caravan needs a leader: make another member a leader first.',
      code: 'conflict',
    };
    expect(await expectStatus(t.alice.client.caravans.removeMember(id, t.alice.username), 409)).toEqual(
      lastLeader,
    );
    expect(
      await expectStatus(t.alice.client.caravans.setRole(id, t.alice.username, { role: 'member' }), 409),
    ).toEqual(lastLeader);

    const promoted = await t.alice.client.caravans.setRole(id, t.bob.username, { role: 'leader' });
    expect(promoted.members.find((m) => m.username === t.bob.username)?.role).toBe('leader');
    // Bob leads now: he may demote Alice, and she may then leave.
    await t.bob.client.caravans.setRole(id, t.alice.username, { role: 'member' });
    expect((await t.alice.client.caravans.get(id)).role).toBe('member');
    await t.alice.client.caravans.removeMember(id, t.alice.username);
    await expectStatus(t.alice.client.caravans.get(id), 404);

    await expectStatus(t.carol.client.caravans.removeMember(id, t.bob.username), 403);
    await t.bob.client.caravans.removeMember(id, t.carol.username);
    await expectStatus(t.carol.client.caravans.get(id), 404);
    await expectStatus(t.bob.client.caravans.removeMember(id, t.carol.username), 404);
    expect((await t.bob.client.caravans.get(id)).members.map((m) => m.username)).toEqual([t.bob.username]);
  });

  it('keep a leader when two leaders step down at once', async () => {
    const caravan = await caravanWith(t.alice, [t.bob]);
    const id = caravan.caravan_id;
    await t.alice.client.caravans.setRole(id, t.bob.username, { role: 'leader' });
    const results = await Promise.allSettled([
      t.alice.client.caravans.setRole(id, t.alice.username, { role: 'member' }),
      t.bob.client.caravans.removeMember(id, t.bob.username),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    // Alice stays in the caravan either way.
    const { members } = await t.alice.client.caravans.get(id);
    expect(members.filter((m) => m.role === 'leader')).toHaveLength(1);
  });

  it('never give a leader a member’s logbooks: private ones stay 404', async () => {
    const caravan = await caravanWith(t.alice, [t.dave]);
    const secret = await createLogbook(t.dave.client, { title: 'Dave’s private notes' });
    await expectStatus(t.alice.client.logbooks.get(secret.logid), 404);
    expect((await t.alice.client.logbooks.list()).map((l) => l.logid)).not.toContain(secret.logid);
    const everything = JSON.stringify([
      await t.alice.client.caravans.get(caravan.caravan_id),
      await t.alice.client.caravans.usage(caravan.caravan_id),
      await t.alice.client.caravans.audit(caravan.caravan_id),
    ]);
    expect(everything).not.toContain(secret.logid);
    expect(everything).not.toContain('private notes');
  });
});

describe('the audit log', () => {
  it('records every change of name, membership, role, well and policy, newest first', async () => {
    const caravan = await t.alice.client.caravans.create({ name: 'Audited' });
    const id = caravan.caravan_id;
    await join(t.alice, t.bob, id);
    const toCarol = await t.alice.client.caravans.invite(id, { username: t.carol.username });
    await t.carol.client.caravans.decline(toCarol.invite_id);
    await t.alice.client.caravans.rename(id, { name: 'Audited 2' });
    await t.alice.client.caravans.setRole(id, t.bob.username, { role: 'leader' });
    await t.alice.client.caravans.setRole(id, t.bob.username, { role: 'member' });
    const well = await t.alice.client.wells.create({
      title: 'Shared',
      AUTH_MODEL_KEY: 'sk-audit-000000000',
      origin_loc: 'openai/gpt-4o-mini',
    });
    await t.alice.client.caravans.shareWell(id, { wellid: well.wellid });
    await t.alice.client.caravans.setPolicy(id, { member_monthly_queries: 5, allowed_models: ['openai/*'] });
    await t.alice.client.caravans.unshareWell(id, well.wellid);
    await t.bob.client.caravans.removeMember(id, t.bob.username);

    const log = await t.alice.client.caravans.audit(id);
    const a = t.alice.username;
    const b = t.bob.username;
    expect(log.map((e) => [e.actor, e.action, e.target])).toEqual([
      [b, 'member.leave', b],
      [a, 'well.unshare', well.wellid],
      [a, 'policy.update', 'Audited 2'],
      [a, 'well.share', well.wellid],
      [a, 'member.role', b],
      [a, 'member.role', b],
      [a, 'caravan.rename', 'Audited 2'],
      [t.carol.username, 'invite.decline', t.carol.username],
      [a, 'member.invite', t.carol.username],
      [b, 'member.join', b],
      [a, 'member.invite', b],
      [a, 'caravan.create', 'Audited'],
    ]);
    expect(log[2]?.detail).toContain('"member_monthly_queries":5');
    expect(log[4]?.detail).toBe('leader -> member');
    expect(JSON.stringify(log)).not.toContain('sk-audit');
    for (const e of log) expect(Date.parse(e.at)).not.toBeNaN();
  });
});

describe('the audit order', () => {
  it('is kept by the database: changes in one millisecond from two server processes read newest first', async () => {
    const caravan = await t.alice.client.caravans.create({ name: 'Ordered' });
    const db = t.server.testDb.db.kysely;
    // Two processes' repositories, as two replicas (or one restarted) would have.
    const one = new AuditRepository(db);
    const two = new AuditRepository(db);
    const at = Date.now() + 60_000;
    const change = (target: string) => ({
      caravanId: caravan.caravan_id,
      actor: 'x',
      action: 'test',
      target,
    });
    await one.record(change('first'), at, db);
    await two.record(change('second'), at, db);
    await one.record(change('third'), at, db);
    const log = await one.list(caravan.caravan_id);
    expect(log.slice(0, 3).map((e) => e.target)).toEqual(['third', 'second', 'first']);
  });
});

describe('hostile input', () => {
  it('gets a 400 for control characters, blank names, huge numbers and bad models, and changes nothing', async () => {
    const caravan = await caravanWith(t.alice, []);
    const id = caravan.caravan_id;
    const post = (path: string, method: string, body: unknown) =>
      t.server.http(path, { method, token: t.alice.token, body: JSON.stringify(body) });
    const bad: [string, string, unknown][] = [
      [pathOf(routes.caravans.create), 'POST', { name: 'A\u0000B' }],
      [pathOf(routes.caravans.create), 'POST', { name: 'A\u001bB' }],
      [pathOf(routes.caravans.create), 'POST', { name: '   ' }],
      [pathOf(routes.caravans.create), 'POST', { name: 'x'.repeat(101) }],
      [pathOf(routes.caravans.create), 'POST', { name: 42 }],
      [pathOf(routes.caravans.rename, { id }), 'PUT', { name: 'line\nbreak' }],
      [pathOf(routes.caravans.invite, { id }), 'POST', { username: 'a\u0007b' }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { member_monthly_queries: 1e20 }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { member_monthly_tokens: 2 ** 31 }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { caravan_monthly_tokens: -1 }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { member_monthly_queries: 1.5 }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { member_monthly_queries: '10' }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { allowed_models: ['gpt-4o'] }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { allowed_models: ['openai/gpt\u0000'] }],
      [pathOf(routes.caravans.setPolicy, { id }), 'PUT', { personal_wells: 'maybe' }],
      [pathOf(routes.caravans.setRole, { id, username: t.alice.username }), 'PUT', { role: 'owner' }],
      [pathOf(routes.caravans.shareWell, { id }), 'POST', { wellid: '../x' }],
    ];
    for (const [path, method, body] of bad) {
      const response = await post(path, method, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
    }
    for (const query of [
      'from=2026-13-01',
      'to=yesterday',
      'group_by=logbook',
      'from=2026-02-30',
      'format=xml',
    ]) {
      const response = await t.server.http(`${pathOf(routes.caravans.usage, { id })}?${query}`, {
        token: t.alice.token,
      });
      expect(response.status, query).toBe(400);
    }
    expect(await t.alice.client.caravans.get(id)).toEqual(caravan);
  });

  it('gets a 404 for foreign and unknown ids', async () => {
    const caravan = await caravanWith(t.alice, []);
    const theirs = await t.carol.client.caravans.create({ name: 'Carol’s' });
    const carolsWell = await t.carol.client.wells.create({
      title: 'Carol’s well',
      AUTH_MODEL_KEY: 'sk-carol-000000000',
      origin_loc: 'openai/gpt-4o-mini',
    });
    await expectStatus(t.alice.client.caravans.get(theirs.caravan_id), 404);
    await expectStatus(t.alice.client.caravans.get('doesnotexist'), 404);
    await expectStatus(t.alice.client.caravans.accept('doesnotexist'), 404);
    await expectStatus(t.alice.client.caravans.removeMember(caravan.caravan_id, t.carol.username), 404);
    await expectStatus(t.alice.client.caravans.unshareWell(caravan.caravan_id, carolsWell.wellid), 404);
    expect(
      await expectStatus(
        t.alice.client.caravans.shareWell(caravan.caravan_id, { wellid: carolsWell.wellid }),
        400,
      ),
    ).toEqual({ wellid: ['Well not found.'] });
  });
});
