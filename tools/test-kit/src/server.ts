import { ApiClient } from '@caravanserai/api';
import { type FakeProvider, startFakeProvider } from '@caravanserai/fake-provider';
import {
  type App,
  type BuildOptions,
  buildApp,
  type Config,
  loadConfig,
  seedExamples,
  UNDECLARED_ERROR,
} from '@caravanserai/server';
import { afterAll, beforeAll } from 'vitest';
import { type SignedIn, signUp } from './sign-up.js';
import { createTestDb, type TestDb } from './test-db.js';

export { PASSWORD, type SignedIn } from './sign-up.js';

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

/**
 * The server's warnings, kept rather than printed: an answer whose error code its route does not
 * declare is gathered, and closing the server fails with the list.
 */
function contractWatch() {
  const undeclared = new Set<string>();
  const logger = {
    level: 'warn',
    stream: {
      write(line: string) {
        const entry = JSON.parse(line) as { msg?: string; route?: string; code?: string };
        if (entry.msg === UNDECLARED_ERROR) undeclared.add(`${entry.route} answered '${entry.code}'`);
      },
    },
  };
  const check = () => {
    if (undeclared.size > 0)
      throw new Error(`${UNDECLARED_ERROR} ${[...undeclared].join('; ')} (packages/api/src/routes)`);
  };
  return { logger, check };
}

/** Starts the real app on a real port over a fresh database (SQLite or PostgreSQL per TEST_DB). */
export async function startServer(
  overrides: Partial<Config> = {},
  logger?: BuildOptions['logger'],
): Promise<TestServer> {
  const watch = contractWatch();
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
  const app = await buildApp({ config, db: testDb.db, logger: logger ?? watch.logger });
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
    signup: (prefix = 'user') => signUp(client, `${prefix}${process.pid}x${++counter}`),
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
      watch.check();
    },
  };
}

export interface UseServerOptions<U extends string> {
  /** Users to sign up, in this order; each name is also the prefix of that user's unique username. */
  users?: readonly U[];
  /** Also start a fake AI provider, before the server, and allow the server's wells to call it. */
  fake?: boolean;
  /**
   * Config on top of the test defaults (and of the fake's allowed host); a function is called when
   * the server starts, after the hooks registered before this one (e.g. one starting a fake).
   */
  overrides?: Partial<Config> | (() => Partial<Config>);
  /** The server's logger, as startServer takes it. */
  logger?: BuildOptions['logger'];
}

/** What useServer returns: its properties can be read only inside tests and hooks. */
export type UsedServer<U extends string = never> = {
  readonly server: TestServer;
  /** The fake AI provider; there is one only with `fake: true`. */
  readonly fake: FakeProvider;
} & { readonly [name in U]: SignedIn };

/**
 * The usual setup of a test file: a server (and a fake AI provider if asked) started and the users
 * signed up in beforeAll, everything closed in afterAll. It registers those vitest hooks itself, so
 * call it at module top level; the returned object's properties are filled in by the time tests
 * run, e.g. `const t = useServer({ users: ['alice'] })`, then `t.server` and `t.alice` in a test.
 * Hooks registered after it run after it, and can use it.
 */
export function useServer<const U extends string = never>(options: UseServerOptions<U> = {}): UsedServer<U> {
  const { users = [], fake: withFake = false, overrides = {}, logger } = options;
  let server: TestServer | undefined;
  let fake: FakeProvider | undefined;
  const signedIn = new Map<string, SignedIn>();

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value !== undefined) return value;
    if (what === 'fake' && !withFake)
      throw new Error('useServer: no fake provider was asked for (fake: true)');
    throw new Error(
      `useServer: ${what} is not ready; read it in tests or hooks, after its beforeAll has run`,
    );
  };
  const used = {
    get server() {
      return ready(server, 'server');
    },
    get fake() {
      return ready(fake, 'fake');
    },
  };
  for (const name of users) {
    if (name in used) throw new Error(`useServer: a user cannot be called ${name}`);
    Object.defineProperty(used, name, { enumerable: true, get: () => ready(signedIn.get(name), name) });
  }

  beforeAll(async () => {
    if (withFake) fake = await startFakeProvider();
    const allowed = fake ? { wellAllowedHosts: [new URL(fake.url).host] } : {};
    const extra = typeof overrides === 'function' ? overrides() : overrides;
    server = await startServer({ ...allowed, ...extra }, logger);
    for (const name of users) signedIn.set(name, await server.signup(name));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  return used as UsedServer<U>;
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
