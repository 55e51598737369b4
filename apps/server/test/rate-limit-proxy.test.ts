import { pathOf, routes } from '@caravanserai/api';
import { startServer, type TestServer } from '@caravanserai/test-kit';
import { afterAll, describe, expect, it } from 'vitest';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

/** Four failed logins from each of two clients, as a load balancer would forward them. */
async function throttledPerClient(trustProxy: number): Promise<number[]> {
  const server = await startServer({ authRateLimit: 3, trustProxy });
  servers.push(server);
  const statuses: number[] = [];
  for (const client of ['203.0.113.7', '198.51.100.9']) {
    for (let i = 0; i < 4; i++) {
      const res = await server.http(pathOf(routes.auth.login), {
        method: 'POST',
        headers: { 'x-forwarded-for': client },
        body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
      });
      statuses.push(res.status);
    }
  }
  return statuses;
}

describe('login rate limit behind a proxy', () => {
  it('with TRUST_PROXY, counts each forwarded client on its own', async () => {
    expect(await throttledPerClient(1)).toEqual([400, 400, 400, 429, 400, 400, 400, 429]);
  });

  it('without it, forwarded addresses are ignored and everyone shares the proxy’s budget', async () => {
    expect(await throttledPerClient(0)).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });
});
