import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathOf, routes } from '@caravanserai/api';
import { startServer, type TestServer } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INDEX_HTML =
  '<!doctype html><html><head><title>Test build</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("the test build");\n';
const APP_MAP = '{"version":3,"sources":["../src/secret-sauce.ts"],"mappings":""}';

const withoutConfig = (html: string) =>
  html.replace(/<script type="application\/json" id="caravanserai-config">[^<]*<\/script>/, '');

/** A temporary build: index.html, and app.js with its (hidden) source map under assets/. */
function writeBuild(prefix: string): string {
  const webRoot = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app.js'), APP_JS);
  writeFileSync(join(webRoot, 'assets', 'app.js.map'), APP_MAP);
  return webRoot;
}

describe('without a web build', () => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'caravanserai-web-empty-'));
    server = await startServer({ webRoot });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('still answers the SPA routes with an HTML page', async () => {
    // Literal: the web app's pages, not API paths.
    for (const path of ['/', '/logbooks/abc', '/journals/', '/u/alice']) {
      const res = await fetch(`${server.origin}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toMatch(/^<!doctype html>/i);
      expect(html).toContain('Caravanserai');
    }
  });

  it('keeps answering the API in JSON', async () => {
    const res = await fetch(`${server.baseUrl}${pathOf(routes.profiles.get, { username: 'caravanserai' })}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'caravanserai' });
  });
});

describe('with a web build', () => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = writeBuild('caravanserai-web-');
    server = await startServer({ webRoot });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`${server.origin}${path}`, init);

  it('serves the build files', async () => {
    const res = await get('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe(APP_JS);
    // Hashed assets are cached for good; the page that names them is always revalidated.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html at / and for client-side routes, so a reload keeps the page', async () => {
    for (const path of ['/', '/journals/xyz', '/u/alice', '/u/john.doe', '/logbooks/abc?tab=log']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      // The page as built, with the server's public config written in (public-config.test.ts).
      expect(withoutConfig(await res.text())).toBe(INDEX_HTML);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers 404 for a file that does not exist, instead of the page', async () => {
    for (const path of ['/missing.js', '/assets/missing.css']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toBe(INDEX_HTML);
    }
  });

  it('refuses source maps, however they are spelled, and does not point browsers at them', async () => {
    for (const path of [
      '/assets/app.js.map',
      '/assets/app.js.map?v=1',
      '/assets/app.js%2Emap',
      '/assets/./app.js.map',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(text).not.toContain('secret-sauce');
      expect(text).not.toBe(INDEX_HTML);
    }
    expect((await get('/assets/app.js.map', { method: 'HEAD' })).status).toBe(404);
    expect((await get('/assets/app.js')).headers.get('sourcemap')).toBeNull();
  });

  it('answers 404 in JSON for an unknown API path, instead of the page', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ detail: 'Not found.' });
  });

  it('answers 404 to a non-GET request outside the API', async () => {
    const res = await get('/somewhere', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toBe(INDEX_HTML);
  });

  it('keeps the API working beside the build', async () => {
    const res = await fetch(`${server.baseUrl}${pathOf(routes.profiles.get, { username: 'caravanserai' })}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'caravanserai' });
  });
});

describe('with a web build and SERVE_SOURCE_MAPS', () => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = writeBuild('caravanserai-web-maps-');
    server = await startServer({ webRoot, serveSourceMaps: true });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the source maps and names them in a SourceMap header of the mapped file', async () => {
    const script = await fetch(`${server.origin}/assets/app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('sourcemap')).toBe('app.js.map');
    const map = await fetch(new URL(script.headers.get('sourcemap') ?? '', script.url));
    expect(map.status).toBe(200);
    expect(await map.text()).toBe(APP_MAP);
  });

  it('still answers 404 for a map that does not exist', async () => {
    const res = await fetch(`${server.origin}/assets/missing.js.map`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toBe(INDEX_HTML);
  });
});
