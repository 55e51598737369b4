import { describe, expect, it } from 'vitest';
import { ApiClient } from './client.js';
import { fillPath, pathOf, pathParamNames, queryString, type RouteSpec, successStatuses } from './route.js';
import { routes } from './routes/index.js';

const every: [string, RouteSpec][] = Object.entries(routes).flatMap(([area, table]) =>
  Object.entries(table).map(([name, route]): [string, RouteSpec] => [`${area}.${name}`, route]),
);

describe('the route table', () => {
  it('declares each method and path once', () => {
    const keys = every.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every route a success answer, a path with a trailing slash, and params matching its path', () => {
    for (const [name, route] of every) {
      expect(successStatuses(route).length, name).toBeGreaterThan(0);
      expect(route.path, name).toMatch(/^\/.*\/$/);
      expect(pathParamNames(route.path).sort(), name).toEqual(Object.keys(route.params?.shape ?? {}).sort());
    }
  });
});

describe('paths and queries', () => {
  it('fills each parameter as one encoded segment', () => {
    expect(fillPath('/caravans/:id/members/:username/', { id: 'a/../b', username: 'x y?' })).toBe(
      '/caravans/a%2F..%2Fb/members/x%20y%3F/',
    );
    expect(() => fillPath('/journals/:jid/', {})).toThrow(/jid/);
  });

  it('leaves out absent and empty values and encodes the rest', () => {
    expect(queryString({ q: 'a&b=c', tag: undefined, journal: '', limit: 5 })).toBe('?q=a%26b%3Dc&limit=5');
    expect(queryString({})).toBe('');
  });

  it("builds a route's path with its params and query as the client sends it", async () => {
    expect(pathOf(routes.logbooks.get, { logid: 'a/b c' })).toBe('/journals/logbooks/a%2Fb%20c/');
    expect(pathOf(routes.caravans.usage, { id: 'c1' }, { group_by: 'day', format: '' })).toBe(
      '/caravans/c1/usage/?group_by=day',
    );
    // @ts-expect-error: a path's parameters are required, by name.
    expect(() => pathOf(routes.logbooks.get)).toThrow(/logid/);
    expect(pathOf(routes.search.find)).toBe('/search/');
    expect(pathOf(routes.search.find, {}, { q: 'a&b' })).toBe('/search/?q=a%26b');
    const { client, sent } = clientAnswering(204, null);
    await client.send(routes.caravans.usage, { params: { id: 'x/y' }, query: { group_by: 'member' } });
    expect(sent[0]?.url).toBe(
      `http://api.test/api${pathOf(routes.caravans.usage, { id: 'x/y' }, { group_by: 'member' })}`,
    );
  });
});

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function clientAnswering(status: number, answer: unknown) {
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = async (url, init) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body,
    });
    return new Response(status === 204 ? null : JSON.stringify(answer), { status });
  };
  return { client: new ApiClient({ baseUrl: 'http://api.test/api/', token: 'tok', fetch: fetchStub }), sent };
}

describe('the client', () => {
  it('builds the URL from the route with encoded params and query', async () => {
    const usage = { from: '2026-01-01', to: '2026-01-31', group_by: 'day', rows: [], totals: totals() };
    const { client, sent } = clientAnswering(200, usage);
    expect(await client.caravans.usage('c 1/2', { group_by: 'day', from: '2026-01-01' })).toEqual(usage);
    expect(sent[0]).toMatchObject({
      url: 'http://api.test/api/caravans/c%201%2F2/usage/?group_by=day&from=2026-01-01',
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Token tok' },
    });
  });

  it('sends the body as JSON with the route method, and the idempotency key as a header', async () => {
    const { client, sent } = clientAnswering(200, []);
    await client.payments.setDefaultCard({ payment_key: 'pm_1' }, { idempotencyKey: 'k-1' });
    expect(sent[0]).toMatchObject({
      url: 'http://api.test/api/payments/sources/change/',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' },
      body: JSON.stringify({ payment_key: 'pm_1' }),
    });
  });

  it('names calls for what they do but keeps the spec path', async () => {
    const written = { modified_status: true, index: 0, version: 2 };
    const { client, sent } = clientAnswering(200, written);
    expect(await client.entries.write({ logid: 'L1', tag: 'comment', content: 'hi' })).toEqual(written);
    expect(sent[0]).toMatchObject({ url: 'http://api.test/api/journals/tag/submit/', method: 'POST' });
  });

  it('resolves a 204 to nothing and parses answers with the contract', async () => {
    const { client } = clientAnswering(204, null);
    expect(await client.journals.remove('j1')).toBeUndefined();
    const leaky = clientAnswering(200, { key: 'k', extra: 'dropped' });
    expect(await leaky.client.auth.login({ username: 'u', password: 'p' })).toEqual({ key: 'k' });
  });
});

function totals() {
  return { queries: 0, input_tokens: 0, output_tokens: 0, errors: 0 };
}
