import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  sql,
} from 'kysely';
import type { Database } from './database.js';
import type { Db, DialectName } from './dialect.js';
import * as initial from './migrations/0001-initial.js';
import * as usageAndQids from './migrations/0002-usage-and-qids.js';
import * as mapperProfiles from './migrations/0003-mapper-profiles.js';
import * as tokenExpiry from './migrations/0004-token-expiry.js';
import * as memoryNoticesEstimates from './migrations/0005-memory-notices-estimates.js';
import * as subscriptions from './migrations/0006-subscriptions.js';
import * as caravans from './migrations/0007-caravans.js';
import * as search from './migrations/0008-search.js';
import * as imports from './migrations/0009-imports.js';
import * as usageRollups from './migrations/0010-usage-rollups.js';
import * as trees from './migrations/0011-trees.js';
import * as files from './migrations/0012-files.js';
import * as askingWell from './migrations/0013-asking-well.js';
import * as instance from './migrations/0014-instance.js';
import * as rateLimits from './migrations/0015-rate-limits.js';
import * as runningQueries from './migrations/0016-running-queries.js';
import * as importQueue from './migrations/0017-import-queue.js';
import * as answerEvents from './migrations/0018-answer-events.js';
import * as apiKeys from './migrations/0019-api-keys.js';
import * as administration from './migrations/0020-administration.js';
import * as sso from './migrations/0021-sso.js';
import * as bazaar from './migrations/0022-bazaar.js';
import * as wellRental from './migrations/0023-well-rental.js';
import * as bazaarSearchCleanup from './migrations/0024-bazaar-search-cleanup.js';
import * as rentalInvoices from './migrations/0025-rental-invoices.js';

// biome-ignore lint/suspicious/noExplicitAny: each migration sees the schema of its own time
type MigrationModule = { up(db: Kysely<any>, dialect: DialectName): Promise<void> };

/** Migrations are imported statically so the bundled server carries them. Names sort by run order. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-initial': initial,
  '0002-usage-and-qids': usageAndQids,
  '0003-mapper-profiles': mapperProfiles,
  '0004-token-expiry': tokenExpiry,
  '0005-memory-notices-estimates': memoryNoticesEstimates,
  '0006-subscriptions': subscriptions,
  '0007-caravans': caravans,
  '0008-search': search,
  '0010-usage-rollups': usageRollups,
  '0009-imports': imports,
  '0011-trees': trees,
  '0012-files': files,
  '0013-asking-well': askingWell,
  '0014-instance': instance,
  '0015-rate-limits': rateLimits,
  '0016-running-queries': runningQueries,
  '0017-import-queue': importQueue,
  '0018-answer-events': answerEvents,
  '0019-api-keys': apiKeys,
  '0020-administration': administration,
  '0021-sso': sso,
  '0022-bazaar': bazaar,
  '0023-well-rental': wellRental,
  '0024-bazaar-search-cleanup': bazaarSearchCleanup,
  '0025-rental-invoices': rentalInvoices,
};

/** Kysely's table of the migrations a database has had. */
const MIGRATION_TABLE = 'kysely_migration';

class StaticProvider implements MigrationProvider {
  constructor(
    private readonly dialect: DialectName,
    private readonly newer: readonly string[],
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries([
      ...Object.entries(MIGRATIONS).map(([name, m]) => [
        name,
        { up: (db: Kysely<unknown>) => m.up(db, this.dialect) },
      ]),
      // Had already: nothing for this release to run (see newerMigrations).
      ...this.newer.map((name) => [name, { up: async () => undefined }]),
    ]);
  }
}

/**
 * The migrations a database has had that come after every one of this release (DESIGN 9: during a
 * rolling upgrade a replica of the previous release keeps serving a database one release newer).
 * Migrations only ever add (tables, nullable or defaulted columns), so the older code still finds
 * all it uses. An unknown migration sorting among this release's own is not from a newer release:
 * Kysely refuses that database as before.
 */
async function newerMigrations(db: Db, schema: string | undefined): Promise<string[]> {
  const last = Object.keys(MIGRATIONS).sort().at(-1) ?? '';
  const table = schema ? sql.table(`${schema}.${MIGRATION_TABLE}`) : sql.table(MIGRATION_TABLE);
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db.kysely);
    return rows.map((row) => row.name).filter((name) => !(name in MIGRATIONS) && name > last);
  } catch {
    // A new database: no table yet.
    return [];
  }
}

export function migrateToLatest(db: Db): Promise<void> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name`: tests use it to check one against older data. */
export function migrateTo(db: Db, name: string): Promise<void> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

/** How many of this release's migrations the database has not had (0: it is at head). */
export async function pendingMigrations(db: Db): Promise<number> {
  const migrations = await (await migratorFor(db)).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).length;
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const { error, results } = await run(await migratorFor(db));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

async function migratorFor(db: Db): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one, so on PostgreSQL
  // another schema's migration tables would be taken for ours: pin them to the schema we work in.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db: db.kysely as Kysely<Database>,
    provider: new StaticProvider(db.dialect, await newerMigrations(db, migrationTableSchema)),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}
