import type BetterSqlite3 from 'better-sqlite3';
import SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery, QueryResult } from 'kysely';
import { registerSearchText } from './search-text.js';

/** A compiled query as it crosses to the writer thread: its SQL and its parameters. */
export type Statement = Pick<CompiledQuery, 'sql' | 'parameters'>;

/** Statements prepared once per SQL text: the same few shapes run all day. */
export class StatementCache {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly max = 256,
  ) {}

  get(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (statement) return statement;
    statement = this.db.prepare(sql);
    if (this.statements.size >= this.max) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    this.statements.set(sql, statement);
    return statement;
  }
}

/** Runs one statement on the cache's connection, answering as Kysely expects. */
export function runStatement(cache: StatementCache, { sql, parameters }: Statement): QueryResult<unknown> {
  const statement = cache.get(sql);
  if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * The writer connection, set up alike on whichever thread holds it: WAL lets readers run beside
 * the writer, FULL sync means an acknowledged write survives a crash, and the search index's
 * triggers call search_text().
 */
export function openWriterConnection(file: string): BetterSqlite3.Database {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  registerSearchText(db);
  return db;
}

/** A read-only connection for plain reads beside the writer. */
export function openReaderConnection(file: string): BetterSqlite3.Database {
  const db = new SqliteDatabase(file, { readonly: true });
  db.pragma('busy_timeout = 5000');
  registerSearchText(db);
  return db;
}
