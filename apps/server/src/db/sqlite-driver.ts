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
import { runStatement, type Statement, StatementCache } from './sqlite-connection.js';

type Sqlite = BetterSqlite3.Database;

/** Where a driver's writes run: a connection on the request thread, or one on a thread of its own. */
export interface Writer {
  readonly ready: Promise<void>;
  run(statement: Statement): Promise<QueryResult<unknown>>;
  close(): Promise<void>;
}

/** The writer connection on the request thread: each statement runs at once, synchronously. */
export class InlineWriter implements Writer {
  readonly ready = Promise.resolve();
  private readonly statements: StatementCache;

  constructor(private readonly db: Sqlite) {
    this.statements = new StatementCache(db);
  }

  async run(statement: Statement): Promise<QueryResult<unknown>> {
    return runStatement(this.statements, statement);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * One write at a time, across every writer connection of the file (SQLite allows one writer): a
 * transaction holds it from begin to commit, across awaits.
 */
export class Mutex {
  private held = false;
  /** Waiters in the order they asked: the lock passes to them one by one, never to a newcomer first. */
  private readonly waiting: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  unlock(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
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
 * plain reads, and sends everything else to its writer (see Writer), one write at a time by the
 * mutex it shares with the file's other writer.
 */
class SplitSqliteDriver implements Driver {
  private readonly reader: StatementCache;

  constructor(
    private readonly writer: Writer,
    private readonly readerDb: Sqlite,
    private readonly writing: Mutex,
  ) {
    this.reader = new StatementCache(readerDb);
  }

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
    const routed = connection as RoutedConnection;
    try {
      await this.writer.run(CompiledQuery.raw('commit'));
    } catch (error) {
      // Ended here, while the lock is still held: once it is let go another write may begin, and
      // Kysely's own rollback after a failed commit would end that one instead.
      await this.writer.run(CompiledQuery.raw('rollback')).catch(() => {});
      throw error;
    } finally {
      this.releaseWriter(routed);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    // Nothing to end when the transaction no longer holds the writer (its commit failed and was
    // rolled back there).
    if (!routed.holdsWriter) return;
    try {
      await this.writer.run(CompiledQuery.raw('rollback'));
    } finally {
      this.releaseWriter(routed);
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
    private readonly writer: Writer,
    private readonly reader: Sqlite,
    private readonly writing: Mutex,
  ) {}

  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver() {
    return new SplitSqliteDriver(this.writer, this.reader, this.writing);
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}
