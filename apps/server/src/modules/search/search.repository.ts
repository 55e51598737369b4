import type { Db } from '../../db/dialect.js';
import type { Candidate, SearchFilter, SearchHit } from './search-page.js';
import { PostgresSearchRepository } from './search-postgres.repository.js';
import { SqliteSearchRepository } from './search-sqlite.repository.js';

/** The search index, whichever database holds it: SQL only, the caller's rules elsewhere. */
export interface SearchRepository {
  /** The user's newest matches (at most CANDIDATES), each with its relevance. */
  candidates(filter: SearchFilter): Promise<Candidate[]>;
  /** What the results show of these entries, in this order. */
  hits(docids: readonly number[]): Promise<SearchHit[]>;
}

export function createSearchRepository(db: Db): SearchRepository {
  return db.dialect === 'postgres'
    ? new PostgresSearchRepository(db.kysely)
    : new SqliteSearchRepository(db.kysely);
}
