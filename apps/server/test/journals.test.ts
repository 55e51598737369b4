import { Journal, pathOf, routes } from '@caravanserai/api';
import { createLogbook, expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice', 'bob'] });

describe('journal list and create', () => {
  it('creates a journal with 201 and lists only the caller’s own journals', async () => {
    const response = await t.server.http(pathOf(routes.journals.create), {
      method: 'POST',
      token: t.alice.token,
      body: JSON.stringify({ title: 'Travels' }),
    });
    expect(response.status).toBe(201);
    const created = Journal.parse(await response.json());
    expect(created.title).toBe('Travels');
    expect(created.owner.username).toBe(t.alice.username);
    expect(created.logbooks).toEqual([]);

    const bobs = await t.bob.client.journals.create({ title: 'Bob’s notes' });

    const aliceList = await t.alice.client.journals.list();
    expect(aliceList.map((j) => j.jid)).toContain(created.jid);
    expect(aliceList.map((j) => j.jid)).not.toContain(bobs.jid);
    expect(aliceList.every((j) => j.owner.username === t.alice.username)).toBe(true);

    const bobList = await t.bob.client.journals.list();
    expect(bobList.map((j) => j.jid)).toEqual([bobs.jid]);
  });

  it('refuses a blank or missing title with 400 on title and creates nothing', async () => {
    const before = await t.alice.client.journals.list();
    for (const body of [{ title: '' }, { title: '   ' }, {}]) {
      const response = await t.server.http(pathOf(routes.journals.create), {
        method: 'POST',
        token: t.alice.token,
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      const errors = (await response.json()) as Record<string, string[]>;
      expect(errors.title?.length).toBeGreaterThan(0);
    }
    const blank = await expectStatus(t.alice.client.journals.create({ title: '' }), 400);
    expect(blank).toEqual({ title: ['This field may not be blank.'] });
    expect(await t.alice.client.journals.list()).toEqual(before);
  });
});

describe('journal detail', () => {
  it('lists the logbooks filed in it with their logid, title, description, private and salted', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Research' });
    const filed = await createLogbook(t.alice.client, {
      title: 'Filed',
      description: 'inside the journal',
      journal: journal.jid,
      private: false,
      salted: true,
    });
    const loose = await createLogbook(t.alice.client, { title: 'Loose' });

    const detail = await t.alice.client.journals.get(journal.jid);
    expect(detail.logbooks).toEqual([
      { logid: filed.logid, title: 'Filed', description: 'inside the journal', private: false, salted: true },
    ]);
    expect(detail.logbooks.map((l) => l.logid)).not.toContain(loose.logid);
  });

  it('renames with PUT and with PATCH', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Old name' });
    const renamed = await t.alice.client.journals.update(journal.jid, { title: 'New name' });
    expect(renamed.title).toBe('New name');

    const patched = await t.server.http(pathOf(routes.journals.patch, { jid: journal.jid }), {
      method: 'PATCH',
      token: t.alice.token,
      body: JSON.stringify({ title: 'Patched name' }),
    });
    expect(patched.status).toBe(200);
    expect((await t.alice.client.journals.get(journal.jid)).title).toBe('Patched name');
  });

  it('refuses a blank title on PUT and keeps the old one', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Keep me' });
    const body = await expectStatus(t.alice.client.journals.update(journal.jid, { title: ' ' }), 400);
    expect(body).toEqual({ title: ['This field may not be blank.'] });
    expect((await t.alice.client.journals.get(journal.jid)).title).toBe('Keep me');
  });

  it('answers 404 for an unknown journal', async () => {
    await expectStatus(t.alice.client.journals.get('no-such-journal'), 404);
    await expectStatus(t.alice.client.journals.update('no-such-journal', { title: 'x' }), 404);
    await expectStatus(t.alice.client.journals.remove('no-such-journal'), 404);
  });
});

describe('another user’s journal', () => {
  it('is 404 for GET, PUT, PATCH and DELETE, and nothing changes', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Private thoughts' });
    const logbook = await createLogbook(t.alice.client, { journal: journal.jid });
    const before = await t.alice.client.journals.get(journal.jid);

    await expectStatus(t.bob.client.journals.get(journal.jid), 404);
    await expectStatus(t.bob.client.journals.update(journal.jid, { title: 'Hijacked' }), 404);
    const patch = await t.server.http(pathOf(routes.journals.patch, { jid: journal.jid }), {
      method: 'PATCH',
      token: t.bob.token,
      body: JSON.stringify({ title: 'Hijacked' }),
    });
    expect(patch.status).toBe(404);
    await expectStatus(t.bob.client.journals.remove(journal.jid), 404);

    expect(await t.alice.client.journals.get(journal.jid)).toEqual(before);
    expect((await t.alice.client.logbooks.get(logbook.logid)).journal).toBe(journal.jid);
    expect((await t.bob.client.journals.list()).map((j) => j.jid)).not.toContain(journal.jid);
  });
});

describe('anonymous visitors', () => {
  it('get 401 for every journal call and change nothing', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Not for strangers' });
    const anon = t.server.client();
    const body401 = { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' };

    expect(await expectStatus(anon.journals.list(), 401)).toEqual(body401);
    expect(await expectStatus(anon.journals.create({ title: 'Sneaky' }), 401)).toEqual(body401);
    expect(await expectStatus(anon.journals.get(journal.jid), 401)).toEqual(body401);
    expect(await expectStatus(anon.journals.update(journal.jid, { title: 'Sneaky' }), 401)).toEqual(body401);
    const patch = await t.server.http(pathOf(routes.journals.patch, { jid: journal.jid }), {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Sneaky' }),
    });
    expect(patch.status).toBe(401);
    expect(await expectStatus(anon.journals.remove(journal.jid), 401)).toEqual(body401);

    expect((await t.alice.client.journals.get(journal.jid)).title).toBe('Not for strangers');
  });

  it('get 401 even when the body is invalid', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Still mine' });
    for (const [method, path] of [
      ['POST', pathOf(routes.journals.create)],
      ['PUT', pathOf(routes.journals.update, { jid: journal.jid })],
      ['PATCH', pathOf(routes.journals.patch, { jid: journal.jid })],
    ] as const) {
      const response = await t.server.http(path, { method, body: JSON.stringify({ title: '' }) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect((await t.alice.client.journals.get(journal.jid)).title).toBe('Still mine');
  });

  it('get 401 with a token that is not valid', async () => {
    const response = await t.server.http(pathOf(routes.journals.list), { token: 'f'.repeat(40) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'Invalid token.', code: 'authentication_failed' });
  });
});

describe('deleting a journal', () => {
  it('answers 204, removes the journal and keeps its logbooks, no longer filed', async () => {
    const journal = await t.alice.client.journals.create({ title: 'Short-lived' });
    const first = await createLogbook(t.alice.client, { journal: journal.jid });
    const second = await createLogbook(t.alice.client, { journal: journal.jid });

    const response = await t.server.http(pathOf(routes.journals.remove, { jid: journal.jid }), {
      method: 'DELETE',
      token: t.alice.token,
    });
    expect(response.status).toBe(204);

    await expectStatus(t.alice.client.journals.get(journal.jid), 404);
    expect((await t.alice.client.journals.list()).map((j) => j.jid)).not.toContain(journal.jid);
    for (const { logid } of [first, second]) {
      const logbook = await t.alice.client.logbooks.get(logid);
      expect(logbook.journal).toBeNull();
      expect(logbook.jid).toBeNull();
    }
  });
});

describe('paths', () => {
  it('work with and without the trailing slash', async () => {
    const created = await t.server.http('/journals', {
      method: 'POST',
      token: t.alice.token,
      body: JSON.stringify({ title: 'No slash' }),
    });
    expect(created.status).toBe(201);
    const { jid } = Journal.parse(await created.json());

    const list = await t.server.http('/journals', { token: t.alice.token });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { jid: string }[]).map((j) => j.jid)).toContain(jid);

    const detail = await t.server.http(`/journals/${jid}`, { token: t.alice.token });
    expect(detail.status).toBe(200);
    expect(Journal.parse(await detail.json()).title).toBe('No slash');

    const put = await t.server.http(`/journals/${jid}`, {
      method: 'PUT',
      token: t.alice.token,
      body: JSON.stringify({ title: 'Still no slash' }),
    });
    expect(put.status).toBe(200);
    expect((await t.alice.client.journals.get(jid)).title).toBe('Still no slash');

    const removed = await t.server.http(`/journals/${jid}`, { method: 'DELETE', token: t.alice.token });
    expect(removed.status).toBe(204);
    await expectStatus(t.alice.client.journals.get(jid), 404);
  });
});
