import pg from 'pg';
import { adminQuery, TEST_POSTGRES_URL } from '../test-db.js';

/** Cluster databases are named `cluster_<pid of the test process>_<random>`. */
const PREFIX = 'cluster_';

export interface ClusterDatabase {
  /** A postgres:// URL of the new database, what every replica is given as DATABASE_URL. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty PostgreSQL database beside the test database (on the server TEST_POSTGRES_URL
 * names), for server processes that take nothing but DATABASE_URL: a database of its own rather
 * than a schema, so its LISTEN/NOTIFY channels and advisory locks are its own too.
 */
export async function createClusterDatabase(): Promise<ClusterDatabase> {
  const name = `${PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** Drops the cluster databases of test processes that are gone (killed before they cleaned up). */
export async function dropOrphanDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${PREFIX}%`],
    );
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[1]);
      if (Number.isInteger(pid) && !alive(pid))
        await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs one query on a cluster's database and returns its rows, for tests that look at what is stored. */
export async function queryDatabase<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
