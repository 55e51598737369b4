import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_CONFIG_ELEMENT_ID, PublicConfig } from '@caravanserai/api';
import { type UsedServer, useServer } from '@caravanserai/test-kit';
import { afterAll, describe, expect, it } from 'vitest';

const INDEX_HTML =
  '<!doctype html><html><head><title>Test build</title></head><body><div id="root"></div></body></html>';

const webRoots: string[] = [];
/** A one-page web build, so the server serves index.html from it. */
function webBuild(): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'caravanserai-config-web-'));
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  webRoots.push(webRoot);
  return webRoot;
}
afterAll(() => {
  for (const dir of webRoots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CONFIG_TAG = new RegExp(
  `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">([^<]*)</script>`,
);

/** The page the server sends for `path`, and the config written into it. */
async function servedPage(t: UsedServer, path: string) {
  const res = await fetch(`${t.server.origin}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  const json = CONFIG_TAG.exec(html)?.[1];
  expect(json, `no config in the page at ${path}`).toBeDefined();
  return { res, html, config: PublicConfig.parse(JSON.parse(json ?? 'null')) };
}

describe('GET /config/ with the defaults', () => {
  const t = useServer({ users: ['amira'], overrides: { webRoot: webBuild() } });
  const DEFAULTS = {
    payments_enabled: false,
    support_email: 'support@caravanserai.local',
    stripe_publishable_key: null,
    api_prefix: '/api',
    registration: 'open',
    password_reset: false,
    sso: null,
  };

  it('answers anyone, with or without the trailing slash', async () => {
    expect(await t.server.client().config.get()).toEqual(DEFAULTS);
    expect(await t.amira.client.config.get()).toEqual(DEFAULTS);
    const bare = await t.server.http('/config');
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual(DEFAULTS);
  });

  it('writes the same values into index.html at / and at every client route', async () => {
    for (const path of [
      '/',
      '/about/',
      '/merchants/manage/sub_123/',
      '/logbooks/abc?tab=log',
      '/index.html',
    ]) {
      const { html, config } = await servedPage(t, path);
      expect(config).toEqual(DEFAULTS);
      // Inside the head, before anything of the app's own.
      expect(html.indexOf(PUBLIC_CONFIG_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
      expect(html.replace(CONFIG_TAG, '')).toBe(INDEX_HTML);
    }
  });

  it('keeps the page under the CSP that allows no inline script', async () => {
    const { res } = await servedPage(t, '/');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
  });
});

describe('GET /config/ with payments on and a support address', () => {
  const t = useServer({
    overrides: {
      webRoot: webBuild(),
      paymentsEnabled: true,
      supportEmail: 'help@caravans.example',
      stripePublishableKey: 'pk_test_51Abc',
    },
  });

  it('reports the switch, the address and the publishable key', async () => {
    const expected = {
      payments_enabled: true,
      support_email: 'help@caravans.example',
      stripe_publishable_key: 'pk_test_51Abc',
      api_prefix: '/api',
      registration: 'open',
      password_reset: false,
      sso: null,
    };
    expect(await t.server.client().config.get()).toEqual(expected);
    expect((await servedPage(t, '/sultans/cancel/sub_9/')).config).toEqual(expected);
  });
});

describe('GET /config/ with payments off but a publishable key set', () => {
  const t = useServer({ overrides: { stripePublishableKey: 'pk_test_51Abc' } });

  it('does not hand out the key of a switched-off feature', async () => {
    expect((await t.server.client().config.get()).stripe_publishable_key).toBeNull();
  });
});

describe('the config in the page cannot break out of its element', () => {
  const support = 'a</script><script>alert(1)</script>@example.org';
  const t = useServer({ overrides: { webRoot: webBuild(), supportEmail: support } });

  it('escapes what would close the script element, and still reads back the same', async () => {
    const { html, config } = await servedPage(t, '/about/');
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(config.support_email).toBe(support);
  });
});

describe('a server with API_PREFIX=/v1', () => {
  const t = useServer({ users: ['layla'], overrides: { webRoot: webBuild(), apiPrefix: '/v1' } });

  it('answers the API and /config/ under /v1 and tells the page so', async () => {
    expect(t.server.baseUrl).toMatch(/\/v1$/);
    expect((await t.layla.client.auth.user()).username).toBe(t.layla.username);
    expect(await t.server.client().config.get()).toMatchObject({ api_prefix: '/v1' });
    expect((await servedPage(t, '/logbooks/abc')).config.api_prefix).toBe('/v1');
  });

  it('no longer answers under /api: that is a client route of the web app', async () => {
    const { config } = await servedPage(t, '/api/config/');
    expect(config.api_prefix).toBe('/v1');
    const unknown = await fetch(`${t.server.origin}/v1/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: 'Not found.' });
  });
});

describe('without a web build', () => {
  const t = useServer({
    overrides: { webRoot: join(tmpdir(), 'caravanserai-no-build-here'), apiPrefix: '/v1' },
  });

  it('still carries the config in the stand-in page, which names the real prefix', async () => {
    const { html, config } = await servedPage(t, '/');
    expect(config.api_prefix).toBe('/v1');
    expect(html).toContain('<code>/v1</code>');
  });
});
