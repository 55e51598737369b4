import { Writable } from 'node:stream';
import { pathOf, routes } from '@caravanserai/api';
import { PASSWORD, startServer, type TestServer } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  function expectHardened(headers: Headers): void {
    const csp = headers.get('content-security-policy') ?? '';
    const directives = csp.split(';').map((d) => d.trim());
    expect(directives).toContain("default-src 'self'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(directives).toContain("object-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBeTruthy();
    expect(headers.get('x-powered-by')).toBeNull();
  }

  it('are on a successful API response', async () => {
    const res = await server.http(pathOf(routes.profiles.get, { username: 'caravanserai' }));
    expect(res.status).toBe(200);
    expectHardened(res.headers);
  });

  it('are on an API error response', async () => {
    const unauthenticated = await server.http(pathOf(routes.auth.user));
    expect(unauthenticated.status).toBe(401);
    expectHardened(unauthenticated.headers);
    const missing = await server.http('/no-such-thing/');
    expect(missing.status).toBe(404);
    expectHardened(missing.headers);
  });

  it('are on the web page at /', async () => {
    const res = await fetch(`${server.origin}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expectHardened(res.headers);
  });
});

describe('logs', () => {
  let server: TestServer;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  beforeAll(async () => {
    // Debug: the level at which every request gets its own line, so all of them are checked.
    server = await startServer({}, { level: 'debug', stream: sink });
  });
  afterAll(() => server.close());

  it('never carry a token or a password', async () => {
    const username = `logged${process.pid}`;
    const anon = server.client();
    const { key: registered } = await anon.auth.register({
      username,
      password1: PASSWORD,
      password2: PASSWORD,
    });
    const { key } = await anon.auth.login({ username, password: PASSWORD });
    const client = server.client(key);
    await client.auth.user();
    const journal = await client.journals.create({ title: 'Logged journal' });
    await client.journals.get(journal.jid);
    await client.auth.updateUser({ location: 'Merv' });
    // Failures take other paths through the server: bad credentials, a bogus token, a bad body.
    await server.http(pathOf(routes.auth.login), {
      method: 'POST',
      body: JSON.stringify({ username, password: 'wrong-password-1' }),
    });
    await server.http(pathOf(routes.auth.user), { token: 'f'.repeat(40) });
    await server.http(pathOf(routes.journals.create), { method: 'POST', token: key, body: '{"title": ' });
    await client.auth.logout();

    const text = lines.join('');
    // The capture works: requests are logged, so the absence below means something.
    expect(text).toContain(`/api${pathOf(routes.auth.login)}`);
    expect(text).toContain(`/api${pathOf(routes.journals.get, { jid: journal.jid })}`);
    for (const secret of [key, registered, 'f'.repeat(40), PASSWORD, 'wrong-password-1']) {
      expect(text).not.toContain(secret);
    }
    expect(text.toLowerCase()).not.toContain('authorization');
  });
});
