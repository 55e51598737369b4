import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { INDEXED_CHARS } from '../../db/search-text.js';
import { inOrder, type SearchHit } from './search-page.js';

/**
 * Runs a read as a SELECT of Kysely's own: the SQLite driver sends those to the read connection
 * (raw SQL would wait its turn for the writer); PostgreSQL takes it as it is.
 */
export function readRows<R>(db: Kysely<Database>, query: RawBuilder<R>): Promise<R[]> {
  return db.selectFrom(sql<R>`(${query})`.as('r')).selectAll().execute() as Promise<R[]>;
}

/** What the results show of these indexed entries, in this order: the same SQL on both databases. */
export async function readHits(db: Kysely<Database>, docids: readonly number[]): Promise<SearchHit[]> {
  if (docids.length === 0) return [];
  const rows = await readRows(
    db,
    sql<SearchHit & { docid: number | string }>`
      select d.docid, d.logid, d.position, l.title, l.jid, e.tag, e.created_at,
        substr(e.content, 1, ${INDEXED_CHARS}) as content
      from search_docs d
      join entries e on e.logid = d.logid and e.position = d.position
      join logbooks l on l.logid = d.logid
      where d.docid in (${sql.join(docids)})`,
  );
  return inOrder(docids, rows);
}
