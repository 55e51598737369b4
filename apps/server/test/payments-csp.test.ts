import { pathOf, routes } from '@caravanserai/api';
import { type TestServer, useServer } from '@caravanserai/test-kit';
import { describe, expect, it } from 'vitest';
import { usePayments } from './payments-helper.js';

/** The CSP as directive name -> its sources, in order. */
async function cspOf(response: Response): Promise<Map<string, string[]>> {
  const header = response.headers.get('content-security-policy') ?? '';
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** The page the browser loads (the CSP that counts for Stripe.js) and an API answer. */
async function bothPolicies(server: TestServer): Promise<Map<string, string[]>[]> {
  const page = await fetch(`${server.origin}/`);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  const api = await server.http(pathOf(routes.config.get));
  expect(api.status).toBe(200);
  return [await cspOf(page), await cspOf(api)];
}

describe('the Content-Security-Policy with payments off', () => {
  const t = useServer();

  it('names no third party, and leaves frames to default-src', async () => {
    for (const csp of await bothPolicies(t.server)) {
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.has('frame-src')).toBe(false);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect([...csp.values()].flat().some((source) => source.includes('stripe'))).toBe(false);
    }
  });
});

describe('the Content-Security-Policy with payments on', () => {
  const t = usePayments({ users: [] });

  it("allows exactly Stripe Elements' script, frames and API, on top of the same policy", async () => {
    for (const csp of await bothPolicies(t.server)) {
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
      expect(csp.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      const stripeSources = [...csp.entries()].filter(([, sources]) =>
        sources.some((s) => s.includes('stripe')),
      );
      expect(stripeSources.map(([name]) => name).sort()).toEqual(['connect-src', 'frame-src', 'script-src']);
    }
  });
});
