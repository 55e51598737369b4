import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { CANDIDATES, type Candidate, type SearchFilter, type SearchHit } from './search-page.js';
import { readHits, readRows } from './search-reads.js';
import type { SearchTerm } from './search-terms.js';

/** A quoted lexeme in tsquery syntax: a quote is doubled, a backslash escaped. */
const lexeme = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * The text given to to_tsquery: each term's words quoted and joined by `<->` (side by side), the
 * last one `:*` for a prefix, terms joined by `&`. to_tsquery normalises each quoted word as it
 * normalised the entries' text.
 */
export function tsQuery(terms: readonly SearchTerm[]): string {
  return terms
    .map((t) => {
      const words = t.words.map((w, i) => lexeme(w) + (t.prefix && i === t.words.length - 1 ? ':*' : ''));
      return `(${words.join(' <-> ')})`;
    })
    .join(' & ');
}

/**
 * PostgreSQL: the owner's matches newest first, at most CANDIDATES. The planner reads the GIN
 * index for rare words and walks (owner_id, docid) backwards for common ones, stopping early.
 * They are ranked where they are read, by ts_rank_cd (cover density: more occurrences, and the
 * words closer together, rank higher; divided by 1 + the log of the entry's length): the rule of
 * search-rank.ts in PostgreSQL's own terms, without sending every candidate's text out to rank.
 */
export class PostgresSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  candidates(f: SearchFilter): Promise<Candidate[]> {
    const inLogbooks = (column: 'jid' | 'logwell', value: string) =>
      sql`and logid in (select logid from logbooks where owner_id = ${f.ownerId} and ${sql.ref(column)} = ${value})`;
    const query = sql`to_tsquery('simple', ${tsQuery(f.terms)})`;
    return this.read(sql<Candidate>`
      select docid::float8 as docid, ts_rank_cd(tsv, ${query}, 1)::float8 as score from (
        select docid, tsv from search_docs
        where owner_id = ${f.ownerId} and tsv @@ (${query} && cast(${`'~u${f.ownerId}'`} as tsquery))
        ${f.tag !== undefined ? sql`and tag = ${f.tag}` : sql``}
        ${f.jid !== undefined ? inLogbooks('jid', f.jid) : sql``}
        ${f.wellid !== undefined ? inLogbooks('logwell', f.wellid) : sql``}
        order by docid desc limit ${CANDIDATES}
      ) c`);
  }

  hits(docids: readonly number[]): Promise<SearchHit[]> {
    return readHits(this.db, docids);
  }

  private read<R>(query: RawBuilder<R>): Promise<R[]> {
    return readRows(this.db, query);
  }
}
