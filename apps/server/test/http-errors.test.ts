import { pathOf, routes } from '@caravanserai/api';
import { type SignedIn, startServer, type TestServer, useServer } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const t = useServer({ users: ['user'] });

interface Answer {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

/** Sends a raw body as the signed-in user and reads the JSON answer. */
async function send(
  path: string,
  body: string,
  init: { method?: string; contentType?: string } = {},
): Promise<Answer> {
  const res = await t.server.http(path, {
    method: init.method ?? 'POST',
    body,
    token: t.user.token,
    headers: { 'content-type': init.contentType ?? 'application/json' },
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: (await res.json()) as Record<string, unknown>,
  };
}

async function expectNothingCreated(): Promise<void> {
  expect(await t.user.client.journals.list()).toEqual([]);
  expect(await t.user.client.logbooks.list()).toEqual([]);
}

describe('request bodies the server cannot use', () => {
  it('refuses malformed JSON with a parse error', async () => {
    for (const body of ['{"title": ', '{title: "x"}', "{'title': 'x'}"]) {
      const answer = await send(pathOf(routes.journals.create), body);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/^JSON parse error/);
    }
    await expectNothingCreated();
  });

  it('refuses malformed JSON on a route open to anonymous callers', async () => {
    const res = await t.server.http(pathOf(routes.auth.login), {
      method: 'POST',
      body: '{"username": "a", "password": ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail?: string };
    expect(body.detail).toMatch(/^JSON parse error/);
  });

  it('refuses an empty body declared as JSON', async () => {
    const res = await t.server.http(pathOf(routes.journals.create), {
      method: 'POST',
      token: t.user.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail?: string };
    expect(body.detail).toMatch(/^JSON parse error/);
  });

  it('refuses a JSON array or string where an object is expected', async () => {
    for (const body of ['[{"title": "x"}]', '"a journal"', '42', 'null']) {
      const answer = await send(pathOf(routes.journals.create), body);
      expect(answer.status).toBe(400);
      expect(answer.contentType).toMatch(/application\/json/);
    }
    await expectNothingCreated();
  });

  it('names each field of the wrong type', async () => {
    const answer = await send(pathOf(routes.logbooks.create), JSON.stringify({ title: 5, private: 'maybe' }));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body).sort()).toEqual(['private', 'title']);
    expect(answer.body.title).toEqual(['Not a valid string.']);
    expect(answer.body.private).toEqual([expect.any(String)]);
    await expectNothingCreated();
  });

  it('refuses a body over 5 MB with 413 and creates nothing', async () => {
    const log = `<?xml version="1.0" encoding="UTF-8"?>\n<logbook><comment>${'x'.repeat(6 * 1024 * 1024)}</comment></logbook>`;
    const answer = await send(pathOf(routes.logbooks.create), JSON.stringify({ title: 'Huge', log }));
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toMatch(/5 MB/);
    await expectNothingCreated();
  });

  it('accepts a body just under the limit', async () => {
    const log = `<?xml version="1.0" encoding="UTF-8"?>\n<logbook><comment>${'x'.repeat(1024 * 1024)}</comment></logbook>`;
    const created = await t.user.client.logbooks.create({ title: 'Big but fine', log });
    expect(created.entry_count).toBe(1);
    await t.user.client.logbooks.remove(created.logid);
  });

  // Bodies over 1 MB are parsed on a worker thread: the answers must be the same as inline.
  it('refuses a large body that is not valid JSON, or that sets a prototype, as a small one', async () => {
    const bodies = ['', 'x'.repeat(1100 * 1024)].flatMap((padding) => [
      `{"title": "Cut", "description": "${padding}`,
      `{"title": "Proto", "description": "${padding}", "__proto__": {"admin": true}}`,
      `{"title": "Ctor", "description": "${padding}", "constructor": {"prototype": {"admin": true}}}`,
    ]);
    for (const body of bodies) {
      const answer = await send(pathOf(routes.journals.create), body);
      expect(answer.status, body.slice(0, 20)).toBe(400);
      expect(answer.body).toEqual({
        detail: 'JSON parse error - the body is not valid JSON.',
        code: 'parse_error',
      });
    }
    await expectNothingCreated();
  });

  it('reads a large JSON body whole, with characters outside the first plane', async () => {
    const content = `${'Beyond the first plane: 😀 東京 '.repeat(30_000)}end`;
    const log = `<?xml version="1.0" encoding="UTF-8"?>\n<logbook><comment>${content}</comment></logbook>`;
    const created = await t.user.client.logbooks.create({ title: 'Large and wide', log });
    expect(created.entry_count).toBe(1);
    expect(created.log).toContain(content);
    await t.user.client.logbooks.remove(created.logid);
  });

  it('refuses a content type it does not speak with 415', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const answer = await send(pathOf(routes.journals.create), 'title=Notes', { contentType });
      expect(answer.status).toBe(415);
      expect(answer.body.detail).toMatch(/Unsupported media type/);
    }
    await expectNothingCreated();
  });
});

describe('paths the API does not have', () => {
  it('answers 404 {"detail": "Not found."} in JSON', async () => {
    // Literal: paths that are in no route.
    for (const path of ['/nope/', '/journals/logbooks/x/y/z/', '/rest-auth/whoami/']) {
      const res = await t.server.http(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ detail: 'Not found.' });
    }
  });

  it('answers 404 in JSON for a method the path does not have', async () => {
    const res = await t.server.http(pathOf(routes.auth.login), { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ detail: 'Not found.' });
  });
});

describe('a server error', () => {
  let broken: TestServer;
  let victim: SignedIn;
  beforeAll(async () => {
    broken = await startServer();
    victim = await broken.signup('broken');
    // The store loses a table under the running server: every journal query now fails inside the driver.
    await sql`alter table journals rename to journals_gone`.execute(broken.testDb.db.kysely);
  });
  afterAll(() => broken.close());

  it('answers 500 with a generic detail and reveals nothing of the cause', async () => {
    const res = await broken.http(pathOf(routes.journals.list), { token: victim.token });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
    for (const leak of [
      'journals',
      'relation',
      'no such table',
      'select',
      'sqlite',
      'postgres',
      '.ts:',
      'at ',
    ]) {
      expect(text.toLowerCase()).not.toContain(leak);
    }
  });
});
