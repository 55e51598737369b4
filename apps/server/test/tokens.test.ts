import { pathOf, routes } from '@caravanserai/api';
import {
  createTestDb,
  expectStatus,
  insertUserRow,
  PASSWORD,
  type SignedIn,
  startServer,
  type TestServer,
  useServer,
} from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { hashToken } from '../src/modules/auth/token.js';
import { TokensRepository } from '../src/modules/auth/tokens.repository.js';

const t = useServer();

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const INVALID = { detail: 'Invalid token.' };

const db = () => t.server.testDb.db.kysely;

async function lastUsedAt(token: string): Promise<number | undefined> {
  const row = await db()
    .selectFrom('tokens')
    .select('last_used_at')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.last_used_at;
}

async function setLastUsedAt(token: string, at: number): Promise<void> {
  await db()
    .updateTable('tokens')
    .set({ last_used_at: at })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

async function tokenCount(userId: number): Promise<number> {
  const rows = await db().selectFrom('tokens').select('token_hash').where('user_id', '=', userId).execute();
  return rows.length;
}

async function logIn(server: TestServer, user: SignedIn): Promise<string> {
  const { key } = await server.client().auth.login({ username: user.username, password: PASSWORD });
  if (!key) throw new Error('no key in the login answer');
  return key;
}

/** Makes a request with the token and waits for any write of its last use to land. */
async function use(token: string): Promise<void> {
  await t.server.client(token).auth.user();
  await t.server.app.services.tokens.settled();
}

describe('token expiry', () => {
  it('refuses a token unused for longer than the TTL like an unknown one, and deletes it', async () => {
    const user = await t.server.signup('stale');
    await setLastUsedAt(user.token, Date.now() - 30 * DAY - HOUR);
    const body = await expectStatus(t.server.client(user.token).auth.user(), 401);
    expect(body).toMatchObject(INVALID);
    expect(await lastUsedAt(user.token)).toBeUndefined();
    // Refused on calls that need no sign-in too, exactly as an unknown token is.
    const res = await t.server.http(pathOf(routes.profiles.get, { username: 'caravanserai' }), {
      token: user.token,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject(INVALID);
  });

  it('keeps a token that was used within the TTL', async () => {
    const user = await t.server.signup('recent');
    await setLastUsedAt(user.token, Date.now() - 29 * DAY);
    expect(await t.server.client(user.token).auth.user()).toMatchObject({ username: user.username });
  });

  it('moves last use forward at most once an hour', async () => {
    const user = await t.server.signup('busy');
    const issued = await lastUsedAt(user.token);
    expect(issued).toBeGreaterThan(Date.now() - HOUR);

    // Used again within the hour: nothing is written.
    await use(user.token);
    await use(user.token);
    expect(await lastUsedAt(user.token)).toBe(issued);

    const twoHoursAgo = Date.now() - 2 * HOUR;
    await setLastUsedAt(user.token, twoHoursAgo);
    const before = Date.now();
    await use(user.token);
    const moved = await lastUsedAt(user.token);
    expect(moved).toBeGreaterThanOrEqual(before);

    await use(user.token);
    expect(await lastUsedAt(user.token)).toBe(moved);
  });

  it('writes last use once for a burst of requests, and answers them all', async () => {
    const user = await t.server.signup('burst');
    await setLastUsedAt(user.token, Date.now() - 2 * HOUR);
    const touch = vi.spyOn(TokensRepository.prototype, 'touch');
    try {
      const client = t.server.client(user.token);
      const answers = await Promise.all(Array.from({ length: 20 }, () => client.auth.user()));
      expect(answers.every((me) => me.username === user.username)).toBe(true);
      await t.server.app.services.tokens.settled();
      const writes = touch.mock.calls.filter(([hash]) => hash === hashToken(user.token));
      expect(writes.length).toBe(1);
    } finally {
      touch.mockRestore();
    }
    expect(await lastUsedAt(user.token)).toBeGreaterThan(Date.now() - HOUR);
  });

  it('deletes the user’s expired tokens, and no one else’s, when they log in', async () => {
    const user = await t.server.signup('returning');
    const other = await t.server.signup('bystander');
    const old1 = await logIn(t.server, user);
    const recent = await logIn(t.server, user);
    const longAgo = Date.now() - 31 * DAY;
    for (const token of [user.token, old1, other.token]) await setLastUsedAt(token, longAgo);
    expect(await tokenCount(user.pk)).toBe(3);

    const fresh = await logIn(t.server, user);
    expect(await lastUsedAt(user.token)).toBeUndefined();
    expect(await lastUsedAt(old1)).toBeUndefined();
    expect(await lastUsedAt(recent)).toBeDefined();
    expect(await tokenCount(user.pk)).toBe(2);
    // Another user's expired token waits for its own owner.
    expect(await lastUsedAt(other.token)).toBe(longAgo);
    expect(await t.server.client(fresh).auth.user()).toMatchObject({ username: user.username });
  });
});

describe('a TTL from the config', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ tokenTtlMs: 12 * HOUR });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('expires tokens after TOKEN_TTL_DAYS rather than 30 days', async () => {
    const setBack = (token: string, ms: number) =>
      server.testDb.db.kysely
        .updateTable('tokens')
        .set({ last_used_at: Date.now() - ms })
        .where('token_hash', '=', hashToken(token))
        .execute();
    const kept = await server.signup('halfday');
    const gone = await server.signup('halfday');
    await setBack(kept.token, 11 * HOUR);
    await setBack(gone.token, 13 * HOUR);
    expect(await server.client(kept.token).auth.user()).toMatchObject({ username: kept.username });
    expect(await expectStatus(server.client(gone.token).auth.user(), 401)).toMatchObject(INVALID);
  });
});

describe('POST /rest-auth/logout/all/', () => {
  it('revokes every token of the user, the current one included, and no other user’s', async () => {
    const user = await t.server.signup('everywhere');
    const other = await t.server.signup('elsewhere');
    const laptop = await logIn(t.server, user);
    const phone = await logIn(t.server, user);

    const answer = await t.server.client(phone).auth.logoutAll();
    expect(answer).toEqual({ detail: 'Signed out everywhere.' });

    for (const token of [user.token, laptop, phone]) {
      expect(await expectStatus(t.server.client(token).auth.user(), 401)).toMatchObject(INVALID);
    }
    expect(await tokenCount(user.pk)).toBe(0);
    expect(await t.server.client(other.token).auth.user()).toMatchObject({ username: other.username });
    // Signing in again works as before.
    const back = await logIn(t.server, user);
    expect(await t.server.client(back).auth.user()).toMatchObject({ username: user.username });
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.server.http(pathOf(routes.auth.logoutAll), { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('migration 0004-token-expiry', () => {
  it('backfills last use from when each existing token was issued', async () => {
    const old = await createTestDb(undefined, (fresh) => migrateTo(fresh, '0003-mapper-profiles'));
    try {
      const userId = await insertUserRow(old.db, 'legacy', 1_000);
      // The column does not exist yet, so the typed builder (which knows today's schema) cannot be used.
      for (const [hash, at] of [
        ['a'.repeat(64), 1_700_000_000_000],
        ['b'.repeat(64), 1_700_000_500_000],
      ] as const) {
        await sql`insert into tokens (token_hash, user_id, created_at) values (${hash}, ${userId}, ${at})`.execute(
          old.db.kysely,
        );
      }
      await migrateToLatest(old.db);
      const rows = await old.db.kysely
        .selectFrom('tokens')
        .select(['token_hash', 'created_at', 'last_used_at'])
        .orderBy('token_hash')
        .execute();
      expect(rows).toEqual([
        { token_hash: 'a'.repeat(64), created_at: 1_700_000_000_000, last_used_at: 1_700_000_000_000 },
        { token_hash: 'b'.repeat(64), created_at: 1_700_000_500_000, last_used_at: 1_700_000_500_000 },
      ]);
    } finally {
      await old.drop();
    }
  });
});
