import { pathOf, routes } from '@caravanserai/api';
import { createLogbook, useServer } from '@caravanserai/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';

const t = useServer({ users: ['alice'] });

let logid: string;
beforeAll(async () => {
  logid = (await createLogbook(t.alice.client, { title: 'Numbers' })).logid;
  await t.alice.client.entries.write({ logid, tag: 'comment', content: 'kept' });
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.server.http(path, {
    method: 'POST',
    token: t.alice.token,
    body: JSON.stringify(body),
    headers,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function unchanged<T>(act: () => Promise<T>): Promise<T> {
  const before = await t.alice.client.logbooks.get(logid);
  const result = await act();
  const after = await t.alice.client.logbooks.get(logid);
  expect(after.version).toBe(before.version);
  expect(after.log).toBe(before.log);
  return result;
}

const PAST_INT32 = [2_147_483_648, 99_999_999_999, 1e20, Number.MAX_SAFE_INTEGER];
const LOG = '<logbook><comment>new</comment></logbook>';

describe('integers past what the columns hold', () => {
  it('update_log: a version past 2147483647 is a 400 on version', async () => {
    for (const version of PAST_INT32) {
      const answer = await unchanged(() =>
        post(pathOf(routes.logbooks.updateLog, { logid }), { log: LOG, version }),
      );
      expect(answer.status, String(version)).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['version']);
    }
  });

  it('update_log: If-Match past the range is a 400 on If-Match', async () => {
    for (const tag of ['"99999999999999999999"', '"2147483648"', 'W/"1e30"', '"-1"', '"abc"']) {
      const answer = await unchanged(() =>
        post(pathOf(routes.logbooks.updateLog, { logid }), { log: LOG }, { 'if-match': tag }),
      );
      expect(answer.status, tag).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['If-Match']);
    }
  });

  it('a version inside the range but not the current one is a 409, nothing written', async () => {
    for (const version of [2_147_483_647, 12345]) {
      const answer = await unchanged(() =>
        post(pathOf(routes.logbooks.updateLog, { logid }), { log: LOG, version }),
      );
      expect(answer.status).toBe(409);
    }
    const header = await unchanged(() =>
      post(pathOf(routes.logbooks.updateLog, { logid }), { log: LOG }, { 'if-match': '"2147483647"' }),
    );
    expect(header.status).toBe(409);
  });

  it('tag submit: a version or an index past the range is a 400 naming it', async () => {
    for (const value of PAST_INT32) {
      const version = await unchanged(() =>
        post(pathOf(routes.entries.write), {
          logid,
          tag: 'comment',
          index: 0,
          fresh_tag: 'context',
          version: value,
        }),
      );
      expect(version.status).toBe(400);
      expect(Object.keys(version.body)).toEqual(['version']);
      const index = await unchanged(() =>
        post(pathOf(routes.entries.write), { logid, tag: 'comment', index: value, fresh_tag: 'context' }),
      );
      expect(index.status).toBe(400);
      expect(Object.keys(index.body)).toEqual(['index']);
    }
  });

  it('tag submit: an index in range but past the last entry is a 400, a stale version a 409', async () => {
    const index = await unchanged(() =>
      post(pathOf(routes.entries.write), {
        logid,
        tag: 'comment',
        index: 2_147_483_647,
        fresh_tag: 'context',
      }),
    );
    expect(index.status).toBe(400);
    const stale = await unchanged(() =>
      post(pathOf(routes.entries.write), {
        logid,
        tag: 'comment',
        index: 0,
        fresh_tag: 'context',
        version: 2_147_483_647,
      }),
    );
    expect(stale.status).toBe(409);
  });

  it('PUT a logbook with a version past the range is a 400', async () => {
    const res = await t.server.http(pathOf(routes.logbooks.update, { logid }), {
      method: 'PUT',
      token: t.alice.token,
      body: JSON.stringify({ log: LOG, version: 2_147_483_648 }),
    });
    expect(res.status).toBe(400);
  });

  it('mapper profile create: an owner past the range is a 400', async () => {
    const answer = await post(pathOf(routes.mapperProfiles.create), { owner: 2_147_483_648 });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['owner']);
  });

  it('usage: days outside its range is a 400', async () => {
    for (const days of ['99999999999999999999', '0', 'x', '%00']) {
      const res = await t.server.http(`${pathOf(routes.usage.get)}?days=${days}`, { token: t.alice.token });
      expect(res.status, days).toBe(400);
    }
  });
});
