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
import { runStatement, StatementCache } from './sqlite-statements.js';
import type { SqliteWriter } from './sqlite-writer.js';

type Sqlite = BetterSqlite3.Database;

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
 * stall every other request. This driver keeps a read-only connection on the request thread for
 * plain reads, and sends everything else to the writer connection, which lives on a thread of its
 * own (SqliteWriter) so that no write, however large, runs on the request thread.
 */
class SplitSqliteDriver implements Driver {
  private readonly reader: StatementCache;
  private readonly writing = new Mutex();

  constructor(
    private readonly writer: SqliteWriter,
    private readonly readerDb: Sqlite,
  ) {
    this.reader = new StatementCache(readerDb);
  }

  /** Nothing is read before the writer has the file in WAL mode, which readers rely on. */
  async init(): Promise<void> {
    await this.writer.ready;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async execute(connection: RoutedConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.holdsWriter) return this.writer.run(query);
    if (SelectQueryNode.is(query.query)) return runStatement(this.reader, query);
    await this.writing.lock();
    try {
      return await this.writer.run(query);
    } finally {
      this.writing.unlock();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    await this.writing.lock();
    routed.holdsWriter = true;
    try {
      await this.writer.run(CompiledQuery.raw('begin'));
    } catch (error) {
      this.releaseWriter(routed);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.writer.run(CompiledQuery.raw('commit'));
    } finally {
      this.releaseWriter(connection as RoutedConnection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.writer.run(CompiledQuery.raw('rollback'));
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
    await this.writer.close();
  }
}

/** Kysely's SQLite dialect, with reads split off from the writer (see SplitSqliteDriver). */
export class SplitSqliteDialect implements Dialect {
  constructor(
    private readonly writer: SqliteWriter,
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
