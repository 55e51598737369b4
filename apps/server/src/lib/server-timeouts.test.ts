import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { serverTimeouts } from './server-timeouts.js';

// A given secret keeps loadConfig from writing one into the data folder.
const env = { SECRET_KEY: 'test-secret-0123456789' };

describe('HTTP timeouts', () => {
  it('have the documented defaults, the idle one outlasting a query', () => {
    const config = loadConfig(env);
    expect(config.requestTimeoutMs).toBe(60_000);
    expect(config.headersTimeoutMs).toBe(20_000);
    expect(config.connectionTimeoutMs).toBe(150_000);
    expect(config.keepAliveTimeoutMs).toBe(72_000);
  });

  it('derive the idle timeout from the query timeout unless set', () => {
    expect(loadConfig({ ...env, QUERY_TIMEOUT_SECONDS: '300' }).connectionTimeoutMs).toBe(330_000);
    const set = loadConfig({ ...env, QUERY_TIMEOUT_SECONDS: '300', CONNECTION_TIMEOUT_SECONDS: '600' });
    expect(set.connectionTimeoutMs).toBe(600_000);
  });

  it('refuse an idle timeout that would cut a query waiting for its provider', () => {
    expect(() => loadConfig({ ...env, CONNECTION_TIMEOUT_SECONDS: '60' })).toThrow(
      /CONNECTION_TIMEOUT_SECONDS .* QUERY_TIMEOUT_SECONDS/,
    );
  });

  it('keep the headers timeout within the request timeout, as Node requires', () => {
    const config = loadConfig({ ...env, REQUEST_TIMEOUT_SECONDS: '5' });
    expect(config.headersTimeoutMs).toBe(5_000);
    const options = serverTimeouts({ ...config, headersTimeoutMs: 9_000 });
    expect(options.http).toMatchObject({ requestTimeout: 5_000, headersTimeout: 5_000 });
    expect(options.http?.connectionsCheckingInterval).toBe(1_250);
    expect(options).toMatchObject({
      requestTimeout: 5_000,
      connectionTimeout: 150_000,
      keepAliveTimeout: 72_000,
    });
  });
});
