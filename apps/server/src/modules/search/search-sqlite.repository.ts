import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { CANDIDATES, type Candidate, type SearchFilter, type SearchHit } from './search-page.js';
import { RANK_CHARS, score } from './search-rank.js';
import { readHits, readRows } from './search-reads.js';
import type { SearchTerm } from './search-terms.js';

/** A string in FTS5's query syntax: inside double quotes nothing but a doubled quote is special. */
export const ftsQuote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The MATCH expression: the owner's (and the tag's) scope words, then each term as a quoted
 * phrase restricted to the text column, all ANDed. The terms' words are plain words already.
 */
export function ftsMatch(terms: readonly SearchTerm[], ownerId: number, tag?: string): string {
  const parts = [`scope:${ftsQuote(`u${ownerId}`)}`];
  if (tag) parts.push(`scope:${ftsQuote(`t${tag}`)}`);
  for (const t of terms) parts.push(`body:${ftsQuote(t.words.join(' '))}${t.prefix ? '*' : ''}`);
  return parts.join(' AND ');
}

/**
 * SQLite: FTS5 finds the owner's matches newest first (descending rowid is the index's own order,
 * so it stops after CANDIDATES without reading the rest), ranked by search-rank.ts over the
 * opening of each text. FTS5's bm25() is not used: it first counts every entry holding each word,
 * which for a word in most of a million entries takes longer than the whole search may.
 */
export class SqliteSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async candidates(f: SearchFilter): Promise<Candidate[]> {
    const inLogbook = f.jid !== undefined || f.wellid !== undefined;
    const rows = await this.read(sql<{ docid: number; text: string }>`
      select c.docid, substr(e.content, 1, ${RANK_CHARS}) as text
      from (
        select f.rowid as docid
        from search_index f
        ${inLogbook ? sql`join search_docs d on d.docid = f.rowid join logbooks l on l.logid = d.logid` : sql``}
        where search_index match ${ftsMatch(f.terms, f.ownerId, f.tag)}
        ${f.jid !== undefined ? sql`and l.jid = ${f.jid}` : sql``}
        ${f.wellid !== undefined ? sql`and l.logwell = ${f.wellid}` : sql``}
        order by f.rowid desc limit ${CANDIDATES}
      ) c
      join search_docs s on s.docid = c.docid
      join entries e on e.logid = s.logid and e.position = s.position`);
    return rows.map((row) => ({ docid: row.docid, score: score(row.text, f.terms) }));
  }

  hits(docids: readonly number[]): Promise<SearchHit[]> {
    return readHits(this.db, docids);
  }

  private read<R>(query: RawBuilder<R>): Promise<R[]> {
    return readRows(this.db, query);
  }
}
