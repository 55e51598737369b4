import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathOf, routes } from '@caravanserai/api';
import { startServer, type TestServer, useServer } from '@caravanserai/test-kit';
import { unzipSync } from 'fflate';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';

const BUNDLE = '#!/usr/bin/env node\nconsole.log("mapper");\n';
const dir = mkdtempSync(join(tmpdir(), 'caravanserai-download-'));
writeFileSync(join(dir, 'mapper.mjs'), BUNDLE);
const t = useServer({ users: ['alice'], overrides: { cliBundle: join(dir, 'mapper.mjs') } });

/** The package's config.json and README as fetched with these headers (fetch cannot set Host). */
async function packageFetchedWith(server: TestServer, token: string, headers: Record<string, string>) {
  const { hostname: host, port } = new URL(server.origin);
  const zip = await new Promise<Buffer>((resolve, reject) => {
    const path = `${server.config.apiPrefix}${pathOf(routes.download.mapperPackage, { filename: 'caravanserai.zip' })}`;
    const req = request(
      { host, port, path, headers: { authorization: `Token ${token}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
  const files = unzipSync(new Uint8Array(zip));
  const text = (name: string) => new TextDecoder().decode(files[`caravanserai/${name}`]);
  return {
    server: (JSON.parse(text('config.json')) as { server: string }).server,
    all: `${text('config.json')}\n${text('README.md')}`,
  };
}

const EXPECTED = [
  'caravanserai/README.md',
  'caravanserai/config.json',
  'caravanserai/mapper',
  'caravanserai/mapper.cmd',
  'caravanserai/mapper.mjs',
];

describe('Mapper package downloads', () => {
  it('serves the zip with the bundle, launchers, README and this server as config', async () => {
    const res = await t.server.http(pathOf(routes.download.mapperPackage, { filename: 'caravanserai.zip' }), {
      token: t.alice.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="caravanserai.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(EXPECTED);
    expect(new TextDecoder().decode(files['caravanserai/mapper.mjs'])).toBe(BUNDLE);
    expect(JSON.parse(new TextDecoder().decode(files['caravanserai/config.json']))).toEqual({
      server: t.server.origin,
      apiPrefix: '/api',
    });
  });

  it('serves the tarball with an executable launcher', async () => {
    // Literal: also checks the path without its trailing slash.
    const res = await t.server.http('/download/caravanserai.tar.gz', { token: t.alice.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const archive = join(dir, 'package.tar.gz');
    writeFileSync(archive, Buffer.from(await res.arrayBuffer()));
    const out = mkdtempSync(join(dir, 'out-'));
    const modes: Record<string, number> = {};
    await tar.extract({
      file: archive,
      cwd: out,
      onReadEntry: (e) => {
        modes[e.path] = e.mode ?? 0;
      },
    });
    expect(Object.keys(modes).sort()).toEqual(EXPECTED);
    expect(modes['caravanserai/mapper']! & 0o111).toBeTruthy();
    expect(readFileSync(join(out, 'caravanserai/mapper.mjs'), 'utf8')).toBe(BUNDLE);
  });

  it('never names the origin a client claims in its Host header', async () => {
    const port = new URL(t.server.origin).port;
    for (const host of [
      'evil.example:666',
      'evil.example',
      `evil.example:${port}`,
      'localhost@evil.example',
    ]) {
      const seen = await packageFetchedWith(t.server, t.alice.token, { host });
      expect(seen.server).toBe(t.server.origin);
      expect(seen.all).not.toMatch(/evil|:666/);
    }
  });

  it("names the Host header when it is one of the server's own, with the port it listens on", async () => {
    const port = new URL(t.server.origin).port;
    const cases = {
      [`127.0.0.1:${port}`]: t.server.origin,
      [`localhost:${port}`]: `http://localhost:${port}`,
      'LocalHost:666': `http://localhost:${port}`,
      [`${hostname()}:${port}`]: new URL(`http://${hostname()}:${port}`).origin,
    };
    for (const [host, origin] of Object.entries(cases)) {
      expect((await packageFetchedWith(t.server, t.alice.token, { host })).server).toBe(origin);
    }
  });

  it('ignores X-Forwarded-Host and -Proto even from a trusted proxy', async () => {
    const proxied = await startServer({ cliBundle: join(dir, 'mapper.mjs'), trustProxy: 1 });
    try {
      const dave = await proxied.signup('dave');
      const seen = await packageFetchedWith(proxied, dave.token, {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example:666',
        'x-forwarded-proto': 'https',
      });
      expect(seen.server).toBe(proxied.origin);
      expect(seen.all).not.toMatch(/evil|:666/);
    } finally {
      await proxied.close();
    }
  });

  it('names the configured public origin when the server sits behind a proxy', async () => {
    const proxied = await startServer({
      cliBundle: join(dir, 'mapper.mjs'),
      publicOrigin: 'https://logbooks.example.org',
    });
    try {
      const bob = await proxied.signup('bob');
      const res = await proxied.http(
        pathOf(routes.download.mapperPackage, { filename: 'caravanserai.zip' }),
        { token: bob.token },
      );
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(JSON.parse(new TextDecoder().decode(files['caravanserai/config.json']))).toEqual({
        server: 'https://logbooks.example.org',
        apiPrefix: '/api',
      });
      const claimed = await packageFetchedWith(proxied, bob.token, {
        host: `localhost:${new URL(proxied.origin).port}`,
      });
      expect(claimed.server).toBe('https://logbooks.example.org');
    } finally {
      await proxied.close();
    }
  });

  it('refuses anonymous downloads, unknown names and paths outside the package', async () => {
    expect(
      (await t.server.http(pathOf(routes.download.mapperPackage, { filename: 'caravanserai.zip' }))).status,
    ).toBe(401);
    for (const name of ['caravanserai.rar', '..%2F..%2Fpackage.json', 'mapper.mjs', '%2Fetc%2Fpasswd']) {
      const res = await t.server.http(pathOf(routes.download.mapperPackage, { filename: name }), {
        token: t.alice.token,
      });
      expect(res.status).toBe(404);
    }
  });

  it('says so when the server has no Mapper bundle built', async () => {
    const bare = await startServer({ cliBundle: join(dir, 'missing.mjs') });
    try {
      const carol = await bare.signup('carol');
      const res = await bare.http(pathOf(routes.download.mapperPackage, { filename: 'caravanserai.zip' }), {
        token: carol.token,
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/not built/);
    } finally {
      await bare.close();
    }
  });
});
