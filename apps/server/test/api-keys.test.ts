import { API_KEY_PREFIX, ApiClient, MAX_KEYS_PER_USER } from '@caravanserai/api';
import { expectStatus, useServer } from '@caravanserai/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/modules/auth/token.js';
import { ApiKeysRepository } from '../src/modules/keys/api-keys.repository.js';

const t = useServer({ users: ['alice', 'bob'] });

const db = () => t.server.testDb.db.kysely;
const DAY = 86_400_000;

/** A client sending the key as `Authorization: Bearer KEY` (the typed client sends `Token`). */
function bearer(key: string): ApiClient {
  return new ApiClient({
    baseUrl: t.server.baseUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${key}`);
      return fetch(input, { ...init, headers });
    },
  });
}

async function row(id: string) {
  return db().selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Makes a request with the key and waits for any write of its last use to land. */
async function use(key: string): Promise<void> {
  await t.server.client(key).auth.user();
  await t.server.app.services.apiKeys.settled();
}

describe('personal API keys', () => {
  it('are shown once, stored hashed, listed without the secret, and work as Token and Bearer', async () => {
    const made = await t.alice.client.apiKeys.create({ name: 'laptop scripts' });
    expect(made.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{40}$`));
    expect(made.prefix).toBe(made.key.slice(0, 10));
    expect(made).toMatchObject({ name: 'laptop scripts', expires: null });

    const stored = await row(made.id);
    expect(stored?.key_hash).toBe(hashToken(made.key));
    expect(JSON.stringify(stored)).not.toContain(made.key.slice(API_KEY_PREFIX.length));

    const listed = await t.alice.client.apiKeys.list();
    const mine = listed.find((k) => k.id === made.id);
    expect(mine).toEqual({
      id: made.id,
      name: 'laptop scripts',
      prefix: made.prefix,
      created: made.created,
      expires: null,
      last_used: null,
    });
    expect(JSON.stringify(listed)).not.toContain(made.key);

    expect((await t.server.client(made.key).auth.user()).username).toBe(t.alice.username);
    expect((await bearer(made.key).auth.user()).username).toBe(t.alice.username);
    // Wherever a token works: the user's own logbooks, for instance.
    await t.server.client(made.key).logbooks.create({ title: 'Made with a key' });
  });

  it('records the last use at most once a minute', async () => {
    const { id, key } = await t.alice.client.apiKeys.create({ name: 'busy' });
    await use(key);
    const first = (await row(id))?.last_used_at;
    expect(first).toBeTypeOf('number');
    const listed = (await t.alice.client.apiKeys.list()).find((k) => k.id === id);
    expect(listed?.last_used).toBe(new Date(first!).toISOString());

    // A burst of requests with a key never used: one write.
    const burst = await t.alice.client.apiKeys.create({ name: 'burst' });
    const touch = vi.spyOn(ApiKeysRepository.prototype, 'touch');
    try {
      const client = t.server.client(burst.key);
      const answers = await Promise.all(Array.from({ length: 20 }, () => client.auth.user()));
      expect(answers.every((me) => me.username === t.alice.username)).toBe(true);
      await t.server.app.services.apiKeys.settled();
      expect(touch.mock.calls.filter(([keyId]) => keyId === burst.id).length).toBe(1);
    } finally {
      touch.mockRestore();
    }

    // Used half a minute ago (by this or another server process): another use writes nothing.
    const recent = await t.alice.client.apiKeys.create({ name: 'recent' });
    const halfMinuteAgo = Date.now() - 30_000;
    const setLastUse = (keyId: string, at: number) =>
      db().updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
    await setLastUse(recent.id, halfMinuteAgo);
    for (let i = 0; i < 3; i++) await use(recent.key);
    expect((await row(recent.id))?.last_used_at).toBe(halfMinuteAgo);

    // Over a minute ago: the next use is recorded.
    const stale = await t.alice.client.apiKeys.create({ name: 'stale' });
    await setLastUse(stale.id, Date.now() - 61_000);
    const before = Date.now();
    await use(stale.key);
    expect((await row(stale.id))?.last_used_at).toBeGreaterThanOrEqual(before);
  });

  it('refuses a revoked key at once, and only its owner revokes it', async () => {
    const { id, key } = await t.alice.client.apiKeys.create({ name: 'to revoke' });
    await use(key);
    expect(await expectStatus(t.bob.client.apiKeys.revoke(id), 404)).toMatchObject({ code: 'not_found' });
    expect(await row(id)).toBeDefined();

    await t.alice.client.apiKeys.revoke(id);
    expect(await expectStatus(t.server.client(key).auth.user(), 401)).toMatchObject({
      code: 'authentication_failed',
    });
    expect(await expectStatus(bearer(key).auth.user(), 401)).toMatchObject({ code: 'authentication_failed' });
    await expectStatus(t.alice.client.apiKeys.revoke(id), 404);
    expect((await t.alice.client.apiKeys.list()).map((k) => k.id)).not.toContain(id);
  });

  it('expire after the days asked for, staying listed', async () => {
    const made = await t.alice.client.apiKeys.create({ name: 'a week', expires_in_days: 7 });
    expect(Date.parse(made.expires!) - Date.parse(made.created)).toBe(7 * DAY);
    await use(made.key);

    await db()
      .updateTable('api_keys')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', made.id)
      .execute();
    expect(await expectStatus(t.server.client(made.key).auth.user(), 401)).toEqual({
      detail: 'This API key has expired.',
      code: 'authentication_failed',
    });
    const listed = (await t.alice.client.apiKeys.list()).find((k) => k.id === made.id);
    expect(listed?.expires).toBeDefined();
  });

  it('refuses bad names and lifetimes, and changes nothing', async () => {
    const before = await t.alice.client.apiKeys.list();
    const bad: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'line\nbreak' },
      { name: 'ok', expires_in_days: 0 },
      { name: 'ok', expires_in_days: 3651 },
      { name: 'ok', expires_in_days: 1.5 },
      { name: 'ok', expires_in_days: '7' },
    ];
    for (const body of bad) {
      const response = await t.server.http('/rest-auth/keys/', {
        method: 'POST',
        token: t.alice.token,
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.alice.client.apiKeys.list()).toEqual(before);
  });

  it('refuses credentials that only look like keys, and anonymous callers', async () => {
    for (const fake of [`${API_KEY_PREFIX}short`, `${API_KEY_PREFIX}${'a'.repeat(40)}`]) {
      await expectStatus(t.server.client(fake).auth.user(), 401);
      await expectStatus(bearer(fake).auth.user(), 401);
    }
    await expectStatus(t.server.client().apiKeys.list(), 401);
    await expectStatus(t.server.client().apiKeys.create({ name: 'nobody' }), 401);
  });

  it('are made with a sign-in token only, so a leaked key cannot make its successor', async () => {
    const { key } = await t.alice.client.apiKeys.create({ name: 'leaky' });
    const count = (await t.alice.client.apiKeys.list()).length;
    expect(await expectStatus(t.server.client(key).apiKeys.create({ name: 'successor' }), 403)).toMatchObject(
      {
        code: 'permission_denied',
      },
    );
    expect((await t.alice.client.apiKeys.list()).length).toBe(count);
  });

  it('outlive a logout made with them, and cap how many one user holds', async () => {
    const { key } = await t.bob.client.apiKeys.create({ name: 'cli' });
    await t.server.client(key).auth.logout();
    expect((await t.server.client(key).auth.user()).username).toBe(t.bob.username);

    const held = (await t.bob.client.apiKeys.list()).length;
    for (let i = held; i < MAX_KEYS_PER_USER; i++) await t.bob.client.apiKeys.create({ name: `key ${i}` });
    expect(await expectStatus(t.bob.client.apiKeys.create({ name: 'one too many' }), 409)).toMatchObject({
      code: 'conflict',
    });
    expect((await t.bob.client.apiKeys.list()).length).toBe(MAX_KEYS_PER_USER);
  });
});
