import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

type Sqlite = BetterSqlite3.Database;

/** Statements prepared once per SQL text: the same few shapes run all day. */
class StatementCache {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  constructor(
    private readonly db: Sqlite,
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

function run(cache: StatementCache, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = cache.get(sql);
  if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** One waiter at a time for the writer connection, which a transaction holds across awaits. */
class Mutex {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  unlock(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

/**
 * What Kysely hands a query or a transaction. Outside a transaction a SELECT runs on the reader
 * connection at once; anything else waits its turn for the writer. A transaction holds the writer
 * from begin to commit, and its reads go there too, so it sees its own writes.
 */
class RoutedConnection implements DatabaseConnection {
  holdsWriter = false;
  constructor(private readonly driver: SplitSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  /** Not used here; the rows come in one chunk. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield (await this.executeQuery(query)) as QueryResult<R>;
  }
}

/**
 * SQLite with WAL lets readers run beside the one writer, but a single connection (Kysely's own
 * SQLite driver) makes every read wait while a transaction holds it: one large log write would
 * stall every other request. This driver keeps a second, read-only connection for plain reads.
 */
class SplitSqliteDriver implements Driver {
  private readonly writer: StatementCache;
  private readonly reader: StatementCache;
  private readonly writing = new Mutex();

  constructor(
    private readonly writerDb: Sqlite,
    private readonly readerDb: Sqlite,
  ) {
    this.writer = new StatementCache(writerDb);
    this.reader = new StatementCache(readerDb);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async execute(connection: RoutedConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.holdsWriter) return run(this.writer, query);
    if (SelectQueryNode.is(query.query)) return run(this.reader, query);
    await this.writing.lock();
    try {
      return run(this.writer, query);
    } finally {
      this.writing.unlock();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    await this.writing.lock();
    routed.holdsWriter = true;
    try {
      run(this.writer, CompiledQuery.raw('begin'));
    } catch (error) {
      this.releaseWriter(routed);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      run(this.writer, CompiledQuery.raw('commit'));
    } finally {
      this.releaseWriter(connection as RoutedConnection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      run(this.writer, CompiledQuery.raw('rollback'));
    } finally {
      this.releaseWriter(connection as RoutedConnection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releaseWriter(connection as RoutedConnection);
  }

  private releaseWriter(connection: RoutedConnection): void {
    if (!connection.holdsWriter) return;
    connection.holdsWriter = false;
    this.writing.unlock();
  }

  async destroy(): Promise<void> {
    this.readerDb.close();
    this.writerDb.close();
  }
}

/** Kysely's SQLite dialect, with reads split off from the writer (see SplitSqliteDriver). */
export class SplitSqliteDialect implements Dialect {
  constructor(
    private readonly writer: Sqlite,
    private readonly reader: Sqlite,
  ) {}

  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver() {
    return new SplitSqliteDriver(this.writer, this.reader);
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}
