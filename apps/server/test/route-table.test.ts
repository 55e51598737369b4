import { type RouteSpec, routes } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { usePayments } from './payments-helper.js';

// Payments on, so every area of the contract is registered.
const t = usePayments({ users: ['amira'], webhooks: false });

describe('the server registers the contract', () => {
  it('registers every route of the table under the API prefix', () => {
    const { app, config } = t.server;
    for (const [area, table] of Object.entries(routes)) {
      for (const [name, route] of Object.entries(table as Record<string, RouteSpec>)) {
        // The router keeps paths without their trailing slash (ignoreTrailingSlash).
        const url = `${config.apiPrefix}${route.path}`.replace(/\/$/, '');
        expect(app.hasRoute({ method: route.method, url }), `${area}.${name}: ${route.method} ${url}`).toBe(
          true,
        );
      }
    }
  });
});
