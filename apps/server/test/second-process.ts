import { ApiClient } from '@caravanserai/api';
import { TEST_POSTGRES_URL, type UsedServer } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Db, openDb } from '../src/db/dialect.js';

export interface SecondProcess {
  /** The second server's API base URL. */
  readonly baseUrl: string;
  readonly app: App;
  /** A client of the second server, signed in with `token`. */
  client(token: string): ApiClient;
}

/**
 * A second server on the test server's database, as a second replica behind a load balancer:
 * on PostgreSQL it shares the schema (and hears its notifications); on SQLite it opens the same
 * file, though a real deployment runs one process there.
 */
export function useSecondProcess(t: Pick<UsedServer, 'server'>): SecondProcess {
  let db: Db | undefined;
  let app: App | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    const first = t.server.testDb.db;
    if (first.dialect === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.kysely);
      db = openDb({ databaseUrl: TEST_POSTGRES_URL, pgSchema: rows[0]!.schema });
    } else {
      db = openDb({ databaseUrl: null, dataDir: t.server.testDb.dataDir });
    }
    app = await buildApp({ config: t.server.config, db });
    baseUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}${t.server.config.apiPrefix}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  return {
    get baseUrl() {
      return baseUrl;
    },
    get app() {
      if (!app) throw new Error('useSecondProcess: read it in tests, after its beforeAll has run');
      return app;
    },
    client: (token) => new ApiClient({ baseUrl, token }),
  };
}
