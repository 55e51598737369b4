import type { ApiClient } from '@caravanserai/api';
import { createLogbook, type SignedIn, useServer } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

/**
 * One user's uploads, the naming of their files and their removal take the user's lock (see
 * lockFilesOf), so that on PostgreSQL, where requests run side by side, none of them works from
 * what another is about to change. There the test holds the lock itself until every request
 * waits for it, then lets them all go at once; SQLite writes one at a time, so there the same
 * requests simply run together.
 */
const t = useServer({ users: ['alice', 'bob'], overrides: { userFilesMaxBytes: 3000 } });

const upload = (client: ApiClient, logid: string, bytes: Uint8Array, name: string) =>
  client.files.upload(logid, new Blob([bytes]), name);

/** GET /files/{id}/ as `user`. */
const fetchFile = (fileId: string, user: SignedIn) =>
  t.server.http(`/files/${fileId}/`, { token: user.token });

/** How long the requests may take to reach the lock: a bound, not an expectation. */
const DEADLINE_MS = 20_000;
/** Rounds of the removal race. */
const ROUNDS = 8;

/**
 * Runs the requests `start` makes while the user's lock is held here, once `waiting` of them wait
 * for it (PostgreSQL); on SQLite, just together. The settled results, in order.
 */
async function racing<T>(user: SignedIn, waiting: number, start: () => Promise<T>[]) {
  const { db } = t.server.testDb;
  if (db.dialect !== 'postgres') return Promise.allSettled(start());
  let started: Promise<T>[] = [];
  await db.kysely.transaction().execute(async (trx) => {
    await sql`update users set id = id where id = ${user.pk}`.execute(trx);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const me = rows[0]!.pid;
    started = start();
    // Read by allSettled below; caught here too, so a failure to reach the lock leaves no stray rejection.
    for (const request of started) request.catch(() => {});
    // Counted on a connection of its own: within this transaction the list of backends would
    // stay as it was first read.
    const until = Date.now() + DEADLINE_MS;
    for (;;) {
      // Those waiting for this transaction, and those waiting behind them for the same row.
      const blocked = await sql<{ n: string }>`
        with recursive waiting(pid) as (
          select ${me}::int
          union
          select activity.pid from pg_stat_activity activity
          join waiting on waiting.pid = any(pg_blocking_pids(activity.pid))
        )
        select count(*) - 1 as n from waiting`.execute(db.kysely);
      if (Number(blocked.rows[0]!.n) >= waiting) break;
      if (Date.now() > until) throw new Error(`fewer than ${waiting} requests reached the lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return Promise.allSettled(started);
}

describe("one user's files, changed at once", () => {
  it('lets only one of two uploads racing past USER_FILES_MAX_MB through', async () => {
    const logbook = await createLogbook(t.alice.client, {});
    const results = await racing(t.alice, 2, () => [
      upload(t.alice.client, logbook.logid, Buffer.alloc(2000, 'a'), 'a.txt'),
      upload(t.alice.client, logbook.logid, Buffer.alloc(2000, 'b'), 'b.txt'),
    ]);
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { status?: number }] : [],
    );
    expect(passed).toHaveLength(1);
    expect(refused.map((e) => e.status)).toEqual([413]);
    const stored = await t.server.testDb.db.kysely
      .selectFrom('files')
      .select('size')
      .where('user_id', '=', t.alice.pk)
      .execute();
    expect(stored.map((f) => f.size)).toEqual([2000]);
  });

  it('leaves the bytes of an upload readable when a removal of the same bytes runs at the same time', async () => {
    // A few rounds: on PostgreSQL each lets the two go at the same moment, in whichever order.
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = Buffer.from(`the same bytes twice, round ${round}`);
      const going = await createLogbook(t.bob.client, {});
      const staying = await createLogbook(t.bob.client, {});
      const first = await upload(t.bob.client, going.logid, bytes, 'first.txt');
      await t.bob.client.entries.write({
        logid: going.logid,
        tag: 'query',
        content: 'Read this',
        attrs: { files: first.file_id },
      });
      // The logbook goes, and with it the only file naming those bytes, while they are uploaded again.
      const [removed, uploaded] = await racing(t.bob, 2, () => [
        t.bob.client.logbooks.remove(going.logid),
        upload(t.bob.client, staying.logid, bytes, 'again.txt'),
      ]);
      expect(removed?.status).toBe('fulfilled');
      expect(uploaded?.status).toBe('fulfilled');
      const again = (uploaded as PromiseFulfilledResult<Awaited<ReturnType<typeof upload>>>).value;
      expect(again.sha256).toBe(first.sha256);
      expect((await fetchFile(first.file_id, t.bob)).status).toBe(404);
      const response = await fetchFile(again.file_id, t.bob);
      expect(response.status, `round ${round}`).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    }
  });
});
