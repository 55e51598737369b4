import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, QueryResult } from 'kysely';

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
