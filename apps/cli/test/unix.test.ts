import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { useServer } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, signInCli, useCliBundle } from './support/cli-bundle.js';

const { work, bundle, config } = useCliBundle('unix');
const t = useServer({ users: ['alice'] });
beforeAll(() => {
  signInCli(config, t.server, t.alice);
});

/** The bundle with its input piped in; stdout and stderr apart, as a shell script sees them. */
const mapper = (args: string[], input = '') => runCli(bundle, { args, input, cwd: work, config });

/** A port nothing listens on: taken, then given back. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mapper as a Unix tool', () => {
  it('prints its package version with --version, from the single-file bundle', async () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const run = await mapper([flag]);
      expect(run).toEqual({ out: `${version}\n`, err: '', code: 0 });
    }
  });

  it('exits 0 when every piped command went through, a refused question included', async () => {
    const logbook = await t.alice.client.logbooks.create({
      title: 'Piped',
      log: '<comment>keep me</comment>',
    });
    const run = await mapper(
      ['--server', t.server.origin],
      ['echo start', `rm -t comment -l ${logbook.logid}`, 'n', `cat -l ${logbook.logid}`].join('\n'),
    );
    expect(run.out).toContain('Cancelled: nothing was removed.');
    expect(run.out).toContain('keep me');
    expect(run.code).toBe(0);
  });

  it('exits 1 when a piped command failed, after running the rest', async () => {
    for (const failing of ['frobnicate', 'cat -l nosuchlog', 'tag -t bogus -c x']) {
      const run = await mapper(['--server', t.server.origin], `${failing}\necho still here\n`);
      expect(run.out).toContain('still here');
      expect(run.code).toBe(1);
    }
  });

  describe('login --server', () => {
    let stranger: Server;
    let strangerUrl = '';
    beforeAll(async () => {
      stranger = createServer((_req, res) => {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      });
      await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
      strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => stranger.close(resolve)));

    it('refuses an address nothing answers at, before asking anything', async () => {
      const server = `http://127.0.0.1:${await deadPort()}`;
      const run = await mapper(['login', '--server', server], 'alice\nsecret\n');
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        `Cannot reach ${server} (connection refused). Check the address (--server) and try again.\n`,
      );
      expect(run.out).toBe('');
    });

    it('refuses a server that is not Caravanserai, before asking anything', async () => {
      const run = await mapper(['login', '--server', strangerUrl, '-u', 'alice'], 'secret\n');
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        `${strangerUrl} does not look like a Caravanserai server (it answered 404 where one answers 401). ` +
          'Check the address (--server) and try again.\n',
      );
      expect(run.out).toBe('');
    });
  });
});
