import { createServer } from 'node:net';
import type { WellTest } from '@caravanserai/api';
import { pathOf, routes } from '@caravanserai/api';
import { expectStatus, fakeModelUrl, ORIGINS, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoPartOf } from './wells-helpers.js';

const KEY = 'sk-live-AbCdEfGhIjKlMnOpQrSt1234';
const CHECK_TIMEOUT_MS = 700;
const logLines: string[] = [];
const t = useServer({
  users: ['alice', 'bob'],
  fake: true,
  overrides: {
    // Any port on loopback: the fake provider's, and ports where nothing listens.
    wellAllowedHosts: ['127.0.0.1'],
    // The check waits at most as long as a query may take.
    queryTimeoutMs: CHECK_TIMEOUT_MS,
  },
  logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
});

beforeEach(() => t.fake.reset());

/** What the fake provider lists, per the wire format each family speaks. */
const OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1'];
const LISTED: Record<keyof typeof ORIGINS, { models: string[]; name: string; header: string }> = {
  openai: { models: OPENAI_MODELS, name: 'OpenAI', header: 'authorization' },
  anthropic: {
    models: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
    name: 'Anthropic',
    header: 'x-api-key',
  },
  google: { models: ['gemini-2.5-flash', 'gemini-2.5-pro'], name: 'Google Gemini', header: 'x-goog-api-key' },
  mistral: { models: OPENAI_MODELS, name: 'Mistral', header: 'authorization' },
  'openai-compatible': { models: OPENAI_MODELS, name: 'The server at', header: 'authorization' },
};

function body(overrides: Partial<WellTest> = {}): WellTest {
  return {
    AUTH_MODEL_KEY: KEY,
    origin_loc: ORIGINS['openai-compatible'],
    model_url: `${t.fake.url}/v1`,
    ...overrides,
  };
}

describe('a provider that answers', () => {
  for (const [family, originLoc] of Object.entries(ORIGINS) as [keyof typeof ORIGINS, string][]) {
    it(`lists its models: ${family}`, async () => {
      const { models, name, header } = LISTED[family];
      const result = await t.alice.client.wells.test(
        body({ origin_loc: originLoc, model_url: fakeModelUrl(t.fake, originLoc) }),
      );
      expect(result).toMatchObject({ ok: true, models });
      expect(result.detail).toMatch(new RegExp(`^${name}.* answered: ${models.length} models listed\\.`));
      expect(t.fake.requests).toHaveLength(1);
      const sent = t.fake.requests[0];
      expect(sent?.path).toMatch(/\/models(\?|$)/);
      expect(sent?.headers[header]).toContain(KEY);
    });
  }
});

describe('a provider that refuses', () => {
  it('refuses a wrong key in words, with its own reason and no part of the key', async () => {
    const echo = `Incorrect API key provided: ${KEY.slice(0, 20)}****${KEY.slice(-4)}.`;
    t.fake.enqueue({ kind: 'error', status: 401, message: echo });
    const result = await t.alice.client.wells.test(body());
    expect(result).toMatchObject({
      ok: false,
      detail: `The server at ${new URL(t.fake.url).host} refused the API key (HTTP 401).`,
    });
    expect(result.ok || result.reason).toMatch(/^HTTP 401: Incorrect API key provided: \[key\]/);
    expectNoPartOf(KEY, JSON.stringify(result));
    expectNoPartOf(KEY, logLines.join(''));
  });

  it("reads Gemini's 400 for a bad key as a refused key", async () => {
    t.fake.enqueue({
      kind: 'error',
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
    });
    const result = await t.alice.client.wells.test(
      body({ origin_loc: ORIGINS.google, model_url: fakeModelUrl(t.fake, ORIGINS.google) }),
    );
    expect(result).toMatchObject({ ok: false, detail: 'Google Gemini refused the API key (HTTP 400).' });
  });

  it('says an address without a model list needs checking', async () => {
    const result = await t.alice.client.wells.test(body({ model_url: `${t.fake.url}/nothing-here` }));
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('HTTP 404') });
    expect(result.detail).toMatch(/has no model list at this address \(HTTP 404\): check the Base URL\.$/);
  });

  it('says when the provider is limiting requests or has a problem of its own', async () => {
    t.fake.enqueue({ kind: 'error', status: 429, message: 'Rate limit reached' });
    t.fake.enqueue({ kind: 'error', status: 503, message: 'Overloaded' });
    const limited = await t.alice.client.wells.test(body({ origin_loc: ORIGINS.openai }));
    expect(limited.detail).toBe(
      'OpenAI is limiting requests, or the account is out of quota (HTTP 429): try again later.',
    );
    const broken = await t.alice.client.wells.test(body({ origin_loc: ORIGINS.openai }));
    expect(broken.detail).toBe('OpenAI had a problem of its own (HTTP 503): try again later.');
  });
});

/** A loopback port that was free a moment ago, so nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a provider that cannot be reached', () => {
  it('says nothing answers at an address where no server listens', async () => {
    const port = await closedPort();
    const result = await t.alice.client.wells.test(body({ model_url: `http://127.0.0.1:${port}/v1` }));
    expect(result).toMatchObject({
      ok: false,
      detail: `Nothing answers at 127.0.0.1:${port}: check the address, and that the server is running.`,
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('says a port kept for other services cannot be called', async () => {
    const result = await t.alice.client.wells.test(body({ model_url: 'http://127.0.0.1:25/v1' }));
    expect(result).toMatchObject({
      ok: false,
      detail: '127.0.0.1:25 uses a port that is kept for other services and cannot be called.',
    });
  });

  it('gives up after the time limit', async () => {
    t.fake.enqueue({ kind: 'hang' });
    const started = Date.now();
    const result = await t.alice.client.wells.test(body());
    expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 2000);
    expect(result).toMatchObject({
      ok: false,
      detail: `The server at ${new URL(t.fake.url).host} did not answer within 0.7 s.`,
    });
  });

  it('refuses a private address that is not allowed, before any request', async () => {
    const port = new URL(t.fake.url).port;
    for (const model_url of ['http://10.0.0.1/v1', `http://localhost:${port}/v1`]) {
      const error = await expectStatus(t.alice.client.wells.test(body({ model_url })), 400);
      expect(error, model_url).toEqual({
        model_url: [
          `${new URL(model_url).hostname} is a private or local address. The server operator can allow it with WELL_ALLOWED_HOSTS.`,
        ],
      });
    }
    expect(t.fake.requests).toEqual([]);
  });
});

describe('a saved well', () => {
  it('is tested with its stored key when the form sends the masked one', async () => {
    const well = await t.alice.client.wells.create({ title: 'Saved', ...body() });
    expect(well.AUTH_MODEL_KEY).toBe('…1234');
    const result = await t.alice.client.wells.test({
      wellid: well.wellid,
      origin_loc: well.origin_loc,
      AUTH_MODEL_KEY: well.AUTH_MODEL_KEY,
    });
    expect(result.ok).toBe(true);
    expect(t.fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    // A key typed over the mask is the one tested.
    await t.alice.client.wells.test({ ...body({ AUTH_MODEL_KEY: 'sk-new-key-5678' }), wellid: well.wellid });
    expect(t.fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-new-key-5678');
  });

  it('gives no meaning to the mask without its wellid, and sends nothing', async () => {
    const result = await t.alice.client.wells.test(body({ AUTH_MODEL_KEY: '…1234' }));
    expect(result).toMatchObject({ ok: false, detail: expect.stringContaining('enter the whole key') });
    expect(t.fake.requests).toEqual([]);
  });

  it('is not usable by another user, whose test reaches no provider', async () => {
    const well = await t.alice.client.wells.create({ title: 'Mine', ...body() });
    const error = await expectStatus(
      t.bob.client.wells.test({ ...body({ AUTH_MODEL_KEY: well.AUTH_MODEL_KEY }), wellid: well.wellid }),
      400,
    );
    expect(error).toEqual({ wellid: ['Well not found.'] });
    expect(t.fake.requests).toEqual([]);
  });
});

describe('the request', () => {
  it('needs a signed-in user', async () => {
    const res = await t.server.http(pathOf(routes.wells.test), {
      method: 'POST',
      body: JSON.stringify(body()),
    });
    expect(res.status).toBe(401);
    expect(t.fake.requests).toEqual([]);
  });

  it('is validated like a well: key and origin are required, the origin must be a choice', async () => {
    const missing = await t.server.http(pathOf(routes.wells.test), {
      method: 'POST',
      token: t.alice.token,
      body: JSON.stringify({ model_url: `${t.fake.url}/v1` }),
    });
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json()) as object).sort()).toEqual(['AUTH_MODEL_KEY', 'origin_loc']);
    const unknown = await expectStatus(t.alice.client.wells.test(body({ origin_loc: 'nope/model' })), 400);
    expect(unknown).toEqual({ origin_loc: ['"nope/model" is not a valid choice.'] });
    const compatible = await expectStatus(t.alice.client.wells.test(body({ model_url: '' })), 400);
    expect(Object.keys(compatible)).toEqual(['model_url']);
    expect(t.fake.requests).toEqual([]);
  });
});
