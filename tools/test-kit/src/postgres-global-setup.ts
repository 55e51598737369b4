import pg from 'pg';
import { TEST_POSTGRES_URL } from './test-db.js';

/** Fails the PostgreSQL run at once, with the way out, when the server is not there. */
export default async function checkPostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${String(error)}).\n` +
        'Start it (e.g. `pg_ctlcluster 15 main start`), point TEST_DATABASE_URL at one, ' +
        'or run without the PostgreSQL suite: TEST_POSTGRES=skip npm test',
    );
  } finally {
    await client.end().catch(() => {});
  }
}
