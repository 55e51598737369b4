import { ApiClient, pathOf, routes, type Well, type WellCreate } from '@caravanserai/api';
import { type FakeProvider, startFakeProvider } from '@caravanserai/fake-provider';
import {
  createFakeWell,
  createLogbook,
  expectStatus,
  type SignedIn,
  useServer,
} from '@caravanserai/test-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoPartOf } from './wells-helpers.js';

const KEY = 'sk-test-0123456789';
const MASKED = '…6789';
/** Most of the key: enough to be worth stealing, so it must not leak either. */
const KEY_PREFIX = KEY.slice(0, -4);
const PRIVATE = 'is a private or local address';

/** A second provider whose host is not allowed: nothing may ever reach it. */
let outsider: FakeProvider;
let port: number;
const logLines: string[] = [];
const bodies: string[] = [];

beforeAll(async () => {
  outsider = await startFakeProvider();
});
afterAll(() => outsider.close());
const t = useServer({
  users: ['alice', 'bob'],
  fake: true,
  logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
});
beforeAll(() => {
  port = Number(new URL(t.fake.url).port);
});
beforeEach(() => {
  t.fake.reset();
  outsider.reset();
});

/** Remembers every response body it sees, streamed ones included. */
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  bodies.push(await response.clone().text());
  return response;
};

function recorded(user: SignedIn): ApiClient {
  return new ApiClient({ baseUrl: t.server.baseUrl, token: user.token, fetch: recordingFetch });
}

function createWell(client: ApiClient, overrides: Partial<WellCreate> = {}): Promise<Well> {
  return createFakeWell(client, t.fake, { title: 'Keyed', AUTH_MODEL_KEY: KEY, ...overrides });
}

async function storedWell(wellid: string) {
  return t.server.testDb.db.kysely
    .selectFrom('wells')
    .selectAll()
    .where('wellid', '=', wellid)
    .executeTakeFirstOrThrow();
}

function expectNoKey(text: string): void {
  expect(text).not.toContain(KEY_PREFIX);
  expectNoPartOf(KEY, text);
}

describe('the API key', () => {
  it('never appears in a response body or in the server log', async () => {
    const client = recorded(t.alice);
    const intruder = recorded(t.bob);

    const well = await createWell(client);
    await client.wells.list();
    await client.wells.get(well.wellid);
    await client.wells.update(well.wellid, {
      title: 'Keyed',
      origin_loc: well.origin_loc,
      model_url: well.model_url,
      AUTH_MODEL_KEY: well.AUTH_MODEL_KEY,
    });
    await client.wells.patch(well.wellid, { title: 'Patched' });
    const logbook = await createLogbook(client, {
      title: 'Keyed logbook',
      logwell: well.wellid,
      private: false,
    });
    await client.logbooks.get(logbook.logid);
    await recorded(t.bob).logbooks.get(logbook.logid);

    const ask = { logid: logbook.logid, prompt: 'Hello', shell_mode: 'QUERY' as const, context: 'Be brief.' };
    await client.queries.submit(ask);
    await client.queries.stream(ask);
    expect(t.fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);

    // Providers echo the key in their complaints; the reason passed on must not.
    const complaint = `Incorrect API key provided: ${KEY}. You can find your API key at https://example.com.`;
    t.fake.enqueue({ kind: 'error', status: 401, message: complaint });
    const failed = await expectStatus(client.queries.submit(ask), 502);
    expect(failed.detail).toBe('Error fetching response from AI.');
    expect(failed.reason).toEqual(expect.stringContaining('Incorrect API key provided'));
    t.fake.enqueue({ kind: 'error', status: 401, message: complaint });
    const streamFailed = await expectStatus(client.queries.stream(ask), 502);
    expect(streamFailed.reason).toEqual(expect.stringContaining('Incorrect API key provided'));
    bodies.push(JSON.stringify(streamFailed));

    // Error answers of every kind, each given a request that carries the key.
    await expectStatus(createWell(client, { model_url: 'http://10.0.0.5/v1' }), 400);
    await expectStatus(createWell(client, { model_url: '' }), 400);
    await expectStatus(createWell(client, { origin_loc: 'nope/model' }), 400);
    await expectStatus(createWell(client, { title: '' }), 400);
    await expectStatus(client.wells.update(well.wellid, { AUTH_MODEL_KEY: KEY, model_url: 'ftp://x' }), 400);
    await expectStatus(client.wells.remove(well.wellid), 409);
    await expectStatus(intruder.wells.get(well.wellid), 404);
    await expectStatus(intruder.wells.update(well.wellid, { AUTH_MODEL_KEY: KEY }), 404);
    await expectStatus(intruder.queries.submit({ ...ask, wellid: well.wellid }), 403);
    const malformed = await recordingFetch(`${t.server.baseUrl}${pathOf(routes.wells.create)}`, {
      method: 'POST',
      headers: { authorization: `Token ${t.alice.token}`, 'content-type': 'application/json' },
      body: `{"title": "broken", "AUTH_MODEL_KEY": "${KEY}",`,
    });
    expect(malformed.status).toBe(400);
    await client.usage.get();

    // The captures did see the traffic, so their silence about the key means something.
    const allBodies = bodies.join('\n');
    expect(allBodies).toContain(MASKED);
    expect(allBodies).toContain('Keyed logbook');
    const log = logLines.join('');
    expect(log).toContain(pathOf(routes.wells.get, { wellid: well.wellid }));
    expect(log).toContain(pathOf(routes.queries.submit));
    expectNoKey(allBodies);
    expectNoKey(log);
  });

  it('is never echoed back by any provider family’s failure', async () => {
    const client = recorded(t.alice);
    for (const [origin, path] of [
      ['openai/gpt-4o-mini', '/v1'],
      ['anthropic/claude-haiku-4-5', '/v1'],
      ['google/gemini-2.5-flash', '/v1beta'],
      ['mistral/mistral-small-latest', '/v1'],
      ['openai-compatible/llama3.2', '/v1'],
    ] as const) {
      const well = await createWell(client, { origin_loc: origin, model_url: `${t.fake.url}${path}` });
      const logbook = await createLogbook(client, { logwell: well.wellid });
      t.fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${KEY}` });
      const error = await expectStatus(client.queries.submit({ logid: logbook.logid, prompt: 'Hi' }), 502);
      expect(error.reason, origin).toEqual(expect.stringContaining('Incorrect API key provided'));
      expectNoKey(JSON.stringify(error));
      // The failed query is kept; no answer is stored.
      expect((await client.logbooks.get(logbook.logid)).entry_count).toBe(1);
    }
    expect(t.fake.requests).toHaveLength(5);
    expectNoKey(logLines.join(''));
  });

  it('is stored encrypted, with a fresh nonce each time, and only its mask in clear', async () => {
    const first = await createWell(t.alice.client);
    const second = await createWell(t.alice.client);
    const [a, b] = [await storedWell(first.wellid), await storedWell(second.wellid)];
    for (const row of [a, b]) {
      expect(row.key_ciphertext.startsWith('v1:')).toBe(true);
      expect(row.key_ciphertext.split(':')).toHaveLength(4);
      expect(row.key_hint).toBe(MASKED);
      const dump = JSON.stringify(row);
      expectNoKey(dump);
      expect(dump).not.toContain(Buffer.from(KEY).toString('base64'));
      expect(dump).not.toContain(Buffer.from(KEY).toString('hex'));
    }
    expect(a.key_ciphertext).not.toBe(b.key_ciphertext);

    // The masked value keeps the sealed key as it is; a new key is sealed anew.
    await t.alice.client.wells.update(first.wellid, { AUTH_MODEL_KEY: MASKED });
    expect((await storedWell(first.wellid)).key_ciphertext).toBe(a.key_ciphertext);
    const fresh = 'sk-fresh-9876543210';
    await t.alice.client.wells.update(first.wellid, { AUTH_MODEL_KEY: fresh });
    const replaced = await storedWell(first.wellid);
    expect(replaced.key_ciphertext).not.toBe(a.key_ciphertext);
    expect(replaced.key_ciphertext.startsWith('v1:')).toBe(true);
    expect(replaced.key_ciphertext).not.toContain(fresh);
    expect(replaced.key_hint).toBe('…3210');
  });

  it('is kept out of every other table, even after queries', async () => {
    const well = await createWell(t.alice.client);
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Remember nothing' });
    t.fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${KEY}` });
    await expectStatus(t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Fail' }), 502);

    const kysely = t.server.testDb.db.kysely;
    const usage = await kysely.selectFrom('usage').selectAll().execute();
    const outcomes = usage.filter((row) => row.wellid === well.wellid).map((row) => row.outcome);
    expect(outcomes.sort()).toEqual(['error', 'ok']);
    const tables = [
      usage,
      await kysely.selectFrom('users').selectAll().execute(),
      await kysely.selectFrom('journals').selectAll().execute(),
      await kysely.selectFrom('wells').selectAll().execute(),
      await kysely.selectFrom('logbooks').selectAll().execute(),
      await kysely.selectFrom('entries').selectAll().execute(),
    ];
    expectNoKey(JSON.stringify(tables));
  });
});

describe('model_url', () => {
  const privateUrls = [
    'http://127.0.0.1:11434/v1',
    'http://localhost:11434/v1',
    'http://10.0.0.5/v1',
    'http://172.16.3.4/v1',
    'http://192.168.1.10/v1',
    'http://169.254.169.254/latest',
    'http://[::1]:8080/v1',
    'http://0.0.0.0/v1',
    'http://[::ffff:127.0.0.1]/v1',
    'http://[fd00::1]/v1',
    'http://2130706433/v1',
  ];

  it('refuses loopback, private, link-local and metadata addresses with 400 on model_url', async () => {
    const before = await t.alice.client.wells.list();
    for (const origin of ['openai-compatible/llama3.2', 'openai/gpt-4o-mini']) {
      for (const model_url of privateUrls) {
        const error = await expectStatus(createWell(t.alice.client, { origin_loc: origin, model_url }), 400);
        expect(Object.keys(error), model_url).toEqual(['model_url']);
        expect(error.model_url, model_url).toEqual([expect.stringContaining(PRIVATE)]);
      }
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });

  it('refuses the same addresses when a well is changed, and keeps the old one', async () => {
    const well = await createWell(t.alice.client);
    for (const model_url of privateUrls) {
      const error = await expectStatus(t.alice.client.wells.update(well.wellid, { model_url }), 400);
      expect(error.model_url, model_url).toEqual([expect.stringContaining(PRIVATE)]);
    }
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
  });

  it('refuses other schemes, credentials in the address and text that is no URL', async () => {
    const well = await createWell(t.alice.client);
    const cases: [string, string][] = [
      ['file:///etc/passwd', 'Only http and https addresses can be used.'],
      ['ftp://x', 'Only http and https addresses can be used.'],
      ['gopher://127.0.0.1:70/', 'Only http and https addresses can be used.'],
      ['javascript:alert(1)', 'Only http and https addresses can be used.'],
      [`http://user:secret@127.0.0.1:${port}/v1`, 'Put credentials in the API key, not in the address.'],
      ['https://token@api.openai.com/v1', 'Put credentials in the API key, not in the address.'],
      ['not a url', 'Enter a valid URL.'],
    ];
    const before = await t.alice.client.wells.list();
    for (const [model_url, message] of cases) {
      expect(await expectStatus(createWell(t.alice.client, { model_url }), 400), model_url).toEqual({
        model_url: [message],
      });
      expect(await expectStatus(t.alice.client.wells.update(well.wellid, { model_url }), 400)).toEqual({
        model_url: [message],
      });
    }
    expect(await t.alice.client.wells.list()).toEqual(before);
  });

  it('accepts a loopback host listed in wellAllowedHosts, matching host and port exactly', async () => {
    const well = await createWell(t.alice.client, { model_url: `http://127.0.0.1:${port}/v1` });
    expect(well.model_url).toBe(`http://127.0.0.1:${port}/v1`);
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    await t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Allowed?' });
    expect(t.fake.requests).toHaveLength(1);

    for (const model_url of [
      `http://127.0.0.1:${port + 1}/v1`,
      `http://127.0.0.1:${new URL(outsider.url).port}/v1`,
      'http://127.0.0.1/v1',
      `http://localhost:${port}/v1`,
      `http://127.0.0.2:${port}/v1`,
    ]) {
      const error = await expectStatus(createWell(t.alice.client, { model_url }), 400);
      expect(error.model_url, model_url).toEqual([expect.stringContaining(PRIVATE)]);
      await expectStatus(t.alice.client.wells.update(well.wellid, { model_url }), 400);
    }
    expect((await t.alice.client.wells.get(well.wellid)).wells.model_url).toBe(`http://127.0.0.1:${port}/v1`);
  });

  it('is checked again at call time, so a stored private address is never reached', async () => {
    const well = await createWell(t.alice.client);
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    const outsiderPort = new URL(outsider.url).port;
    // As if the address had been saved under a looser configuration.
    for (const model_url of [`http://127.0.0.1:${outsiderPort}/v1`, `http://localhost:${outsiderPort}/v1`]) {
      await t.server.testDb.db.kysely
        .updateTable('wells')
        .set({ model_url })
        .where('wellid', '=', well.wellid)
        .execute();
      const error = await expectStatus(
        t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Sneak' }),
        502,
      );
      expect(error.detail, model_url).toBe('Error fetching response from AI.');
    }
    expect(outsider.requests).toEqual([]);
    expect(t.fake.requests).toEqual([]);
  });
});
