import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { runCli, useCliBundle } from './support/cli-bundle.js';

const { work, bundle } = useCliBundle('login-key');
const t = useServer({ users: ['alice'] });

const mapper = (args: string[], input: string, config: string) =>
  runCli(bundle, { args, input, cwd: work, config });

describe('mapper login --key', () => {
  it('signs in with a personal API key, asked for unseen, and works with it', async () => {
    const { key } = await t.alice.client.apiKeys.create({ name: 'terminal' });
    const config = mkdtempSync(join(work, 'config-'));

    const login = await mapper(['login', '--server', t.server.origin, '--key'], `${key}\n`, config);
    expect(login.err).toBe('');
    expect(login.code).toBe(0);
    expect(login.out).toContain(`Signed in to ${t.server.origin} as ${t.alice.username} with an API key.`);
    const credentials = join(config, 'credentials.json');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(credentials, 'utf8'))).toMatchObject({
      token: key,
      username: t.alice.username,
    });

    await t.alice.client.logbooks.create({ title: 'Caravan ledger' });
    const session = await mapper(['--server', t.server.origin], 'ls\n', config);
    expect(session.code).toBe(0);
    expect(session.out).toContain('Caravan ledger');

    // Logging out forgets the key here and says it still works; revoking it is the profile's.
    const logout = await mapper(['logout'], '', config);
    expect(logout.out).toContain('The API key still works until you revoke it on your profile page.');
    expect((await t.server.client(key).auth.user()).username).toBe(t.alice.username);
  });

  it('takes the key as the option value too, and stops working once it is revoked', async () => {
    const { id, key } = await t.alice.client.apiKeys.create({ name: 'ci' });
    const config = mkdtempSync(join(work, 'config-'));
    const login = await mapper(['login', '--server', t.server.origin, '--key', key], '', config);
    expect(login.code).toBe(0);

    await t.alice.client.apiKeys.revoke(id);
    const session = await mapper(['--server', t.server.origin], 'ls\n', config);
    expect(session.out).toContain('Error fetching logbooks.');
  });

  it('refuses a revoked, an unknown, or a non-key credential and saves nothing', async () => {
    const { id, key } = await t.alice.client.apiKeys.create({ name: 'gone' });
    await t.alice.client.apiKeys.revoke(id);
    for (const given of [key, `cvs_${'x'.repeat(40)}`]) {
      const config = mkdtempSync(join(work, 'config-'));
      const login = await mapper(['login', '--server', t.server.origin, '--key', given], '', config);
      expect(login.code).toBe(1);
      expect(login.err).toContain('Authentication failed: the API key was refused');
      expect(() => statSync(join(config, 'credentials.json'))).toThrow();
    }
    const config = mkdtempSync(join(work, 'config-'));
    const token = await mapper(['login', '--server', t.server.origin, '--key', t.alice.token], '', config);
    expect(token.code).toBe(1);
    expect(token.err).toContain('That is not a personal API key');
  });
});
