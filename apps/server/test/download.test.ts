import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { startServer, useServer } from './helper.js';

const BUNDLE = '#!/usr/bin/env node\nconsole.log("mapper");\n';
const dir = mkdtempSync(join(tmpdir(), 'caravanserai-download-'));
writeFileSync(join(dir, 'mapper.mjs'), BUNDLE);
const t = useServer({ users: ['alice'], overrides: { cliBundle: join(dir, 'mapper.mjs') } });

const EXPECTED = [
  'caravanserai/README.md',
  'caravanserai/config.json',
  'caravanserai/mapper',
  'caravanserai/mapper.cmd',
  'caravanserai/mapper.mjs',
];

describe('terminal package downloads', () => {
  it('serves the zip with the bundle, launchers, README and this server as config', async () => {
    const res = await t.server.http('/download/caravanserai.zip/', { token: t.alice.token });
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

  it('names the configured public origin when the server sits behind a proxy', async () => {
    const proxied = await startServer({
      cliBundle: join(dir, 'mapper.mjs'),
      publicOrigin: 'https://logbooks.example.org',
    });
    try {
      const bob = await proxied.signup('bob');
      const res = await proxied.http('/download/caravanserai.zip/', { token: bob.token });
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(JSON.parse(new TextDecoder().decode(files['caravanserai/config.json']))).toEqual({
        server: 'https://logbooks.example.org',
        apiPrefix: '/api',
      });
    } finally {
      await proxied.close();
    }
  });

  it('refuses anonymous downloads, unknown names and paths outside the package', async () => {
    expect((await t.server.http('/download/caravanserai.zip/')).status).toBe(401);
    for (const name of ['caravanserai.rar', '..%2F..%2Fpackage.json', 'mapper.mjs', '%2Fetc%2Fpasswd']) {
      const res = await t.server.http(`/download/${name}/`, { token: t.alice.token });
      expect(res.status).toBe(404);
    }
  });

  it('says so when the server has no terminal bundle built', async () => {
    const bare = await startServer({ cliBundle: join(dir, 'missing.mjs') });
    try {
      const carol = await bare.signup('carol');
      const res = await bare.http('/download/caravanserai.zip/', { token: carol.token });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/not built/);
    } finally {
      await bare.close();
    }
  });
});
