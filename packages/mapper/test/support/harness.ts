import { ApiClient, pathOf, routes } from '@caravanserai/api';
import { type TestServer, type UsedServer, useServer } from '@caravanserai/test-kit';

/**
 * The real server over a fresh database, a fake AI provider its wells may call, and the given users
 * signed up: useServer with the Mapper's query timeout. Call it at module top level.
 */
export function useHarness<const U extends string>(users: readonly U[]): UsedServer<U> {
  return useServer({ users, fake: true, overrides: { queryTimeoutMs: 5000 } });
}

/**
 * The real client, but every logbook it reads carries a log that does not parse: the server only
 * ever sends well-formed XML, and the Mapper's handling of a broken one still needs a test.
 */
export function brokenLogClient(server: TestServer, token: string): ApiClient {
  // A logbook's own path is this list's path plus its logid.
  const logbooks = `${server.baseUrl}${pathOf(routes.logbooks.list)}`;
  return new ApiClient({
    baseUrl: server.baseUrl,
    token,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const url = String(input);
      const isLogbookRead =
        (init?.method ?? 'GET') === 'GET' &&
        url.startsWith(logbooks) &&
        /^[^/]+\/$/.test(url.slice(logbooks.length));
      if (!isLogbookRead || !response.ok) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, log: '<logbook><query>open' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}
