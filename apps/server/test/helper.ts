import { ApiClient } from '@caravanserai/api';
import type { FastifyServerOptions } from 'fastify';
import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { seedExamples } from '../src/seed/seed-examples.js';
import { createTestDb, type TestDb } from './test-db.js';

export const PASSWORD = 'correct-horse-battery';

export interface SignedIn {
  client: ApiClient;
  username: string;
  token: string;
  pk: number;
}

export interface TestServer {
  app: App;
  /** Origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Origin plus API prefix. */
  baseUrl: string;
  testDb: TestDb;
  config: Config;
  /** A client with no token (anonymous), or with the given one. */
  client(token?: string | null): ApiClient;
  /** Registers a new user with a unique name and returns a signed-in client. */
  signup(prefix?: string): Promise<SignedIn>;
  /** Raw HTTP to the API, for requests the typed client would never send. */
  http(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  close(): Promise<void>;
}

let counter = 0;

/** Starts the real app on a real port over a fresh database (SQLite or PostgreSQL per TEST_DB). */
export async function startServer(
  overrides: Partial<Config> = {},
  logger: FastifyServerOptions['logger'] = false,
): Promise<TestServer> {
  const testDb = await createTestDb();
  const config: Config = {
    ...loadConfig({
      DATA_DIR: testDb.dataDir,
      SECRET_KEY: 'test-secret-key-0123456789abcdef',
      AUTH_RATE_LIMIT: '10000',
    }),
    port: 0,
    ...overrides,
  };
  await seedExamples(testDb.db);
  const app = await buildApp({ config, db: testDb.db, logger });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `${address}${config.apiPrefix}`;
  const client = (token: string | null = null) => new ApiClient({ baseUrl, token });
  return {
    app,
    origin: address,
    baseUrl,
    testDb,
    config,
    client,
    async signup(prefix = 'user') {
      const username = `${prefix}${process.pid}x${++counter}`;
      const anon = client();
      const { key } = await anon.auth.register({
        username,
        email: `${username}@example.com`,
        password1: PASSWORD,
        password2: PASSWORD,
      });
      const signedIn = client(key);
      const me = await signedIn.auth.user();
      return { client: signedIn, username, token: key, pk: me.pk };
    },
    async http(path, init = {}) {
      const { token, headers, ...rest } = init;
      const h = new Headers(headers);
      if (token) h.set('Authorization', `Token ${token}`);
      if (typeof rest.body === 'string' && !h.has('content-type')) h.set('content-type', 'application/json');
      return fetch(`${baseUrl}${path}`, { ...rest, headers: h });
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/** Asserts a call fails with an ApiError of the given status and returns its body. */
export async function expectStatus(
  promise: Promise<unknown>,
  status: number,
): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    const e = error as { status?: number; body?: unknown };
    if (e.status === status) return (e.body ?? {}) as Record<string, unknown>;
    throw new Error(`expected HTTP ${status}, got ${e.status ?? 'no status'}: ${String(error)}`);
  }
  throw new Error(`expected HTTP ${status}, but the call succeeded`);
}
