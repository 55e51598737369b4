import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathOf, routes } from '@caravanserai/api';
import { createFakeWell, PASSWORD, useServer } from '@caravanserai/test-kit';
import { unzipSync } from 'fflate';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { useCliBundle } from './support/cli-bundle.js';

const { work, bundle: BUNDLE } = useCliBundle('cli');
const t = useServer({ users: ['alice'], fake: true, overrides: { cliBundle: BUNDLE } });

/** Runs the CLI as a user would, input piped in, with its own config folder. */
function mapper(
  args: string[],
  input: string,
  config: string,
  script = BUNDLE,
): Promise<{ out: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, CARAVANSERAI_CONFIG_DIR: config, CARAVANSERAI_SERVER: '' },
      cwd: work,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ out, code: code ?? -1 }));
    child.stdin.end(input);
  });
}

describe('the mapper CLI', () => {
  it('logs in, keeps the token private, and works through the logbooks', async () => {
    const config = mkdtempSync(join(work, 'config-'));
    const login = await mapper(
      ['login', '--server', t.server.origin],
      `${t.alice.username}\n${PASSWORD}\n`,
      config,
    );
    expect(login.code).toBe(0);
    expect(login.out).toContain(`Signed in to ${t.server.origin} as ${t.alice.username}.`);
    const credentials = join(config, 'credentials.json');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    expect(readFileSync(credentials, 'utf8')).not.toContain(PASSWORD);

    const well = await createFakeWell(t.alice.client, t.fake, {
      title: 'Fake',
      AUTH_MODEL_KEY: 'sk-cli-0000000000000',
    });
    const logbook = await t.alice.client.logbooks.create({
      title: 'Road to Merv',
      logwell: well.wellid,
      log: '<query qid="cli00001">Which oasis first?</query>',
    });
    const session = await mapper(
      ['--server', t.server.origin],
      [
        'ls',
        `q -r "How far to Merv?" -l ${logbook.logid}`,
        `pilgrim -l ${logbook.logid}`,
        `cat -l ${logbook.logid}`,
      ].join('\n'),
      config,
    );
    expect(session.code).toBe(0);
    expect(session.out).toContain('Road to Merv');
    expect(session.out).toContain('Echo: How far to Merv?');
    expect(session.out).toContain('Echo: Which oasis first?');
    const tags = (await t.alice.client.logbooks.get(logbook.logid)).log.match(/<(query|gen)\b/g);
    expect(tags).toEqual(['<query', '<query', '<gen', '<gen']);
  });

  it('refuses a wrong password and stays signed out', async () => {
    const config = mkdtempSync(join(work, 'config-'));
    const login = await mapper(
      ['login', '--server', t.server.origin],
      `${t.alice.username}\nwrong-password\n`,
      config,
    );
    expect(login.code).toBe(1);
    expect(login.out).toContain('Authentication failed. Please check your credentials.');
    const session = await mapper(['--server', t.server.origin], 'ls\n', config);
    expect(session.out).toContain('Error fetching logbooks.');
  });

  for (const file of ['caravanserai.zip', 'caravanserai.tar.gz']) {
    it(`runs from the downloaded ${file} against the server it came from`, async () => {
      const res = await t.server.http(pathOf(routes.download.mapperPackage, { filename: file }), {
        token: t.alice.token,
      });
      expect(res.status).toBe(200);
      const dir = mkdtempSync(join(work, 'unpacked-'));
      const bytes = Buffer.from(await res.arrayBuffer());
      if (file.endsWith('.zip')) {
        for (const [name, content] of Object.entries(unzipSync(new Uint8Array(bytes)))) {
          if (!name.endsWith('/')) writeFileSync(join(dir, name.replace('caravanserai/', '')), content);
        }
      } else {
        writeFileSync(join(dir, 'package.tar.gz'), bytes);
        await tar.extract({ file: join(dir, 'package.tar.gz'), cwd: dir, strip: 1 });
      }
      const config = mkdtempSync(join(work, 'config-'));
      // No --server: the package's config.json names the server it was downloaded from.
      const script = join(dir, 'mapper.mjs');
      const login = await mapper(['login'], `${t.alice.username}\n${PASSWORD}\n`, config, script);
      expect(login.out).toContain(`Signed in to ${t.server.origin}`);
      const session = await mapper([], 'journal\necho from the package\n', config, script);
      expect(session.out).toContain('from the package');
      const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8'));
      expect((await mapper(['--version'], '', config, script)).out).toBe(`${version}\n`);
    });
  }
});
