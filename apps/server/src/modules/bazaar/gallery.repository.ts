import type { GALLERY_SORTS } from '@caravanserai/api';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { tsQuery } from '../search/search-postgres.repository.js';
import { ftsQuote } from '../search/search-sqlite.repository.js';
import type { SearchTerm } from '../search/search-terms.js';

/** A search ranks and pages through at most this many matches, newest first, as entry search does. */
export const GALLERY_MATCHES = 1000;

export interface GalleryFilter {
  /** Who is looking: a caravan's listings are its members' only. */
  viewerId: number | null;
  terms: readonly SearchTerm[];
  topic?: string;
  authorKey?: string;
  sort: (typeof GALLERY_SORTS)[number];
  limit: number;
  offset: number;
}

const ORDER: Record<GalleryFilter['sort'], 'seq' | 'forks' | 'stars'> = {
  new: 'seq',
  forks: 'forks',
  stars: 'stars',
};

/**
 * How a topic narrows the listings: `join` reads along the topic's (topic, seq) index and looks
 * each listing up; `probe` looks each listing read otherwise up in that index.
 */
type TopicBy = 'join' | 'probe';

/**
 * The gallery's reads and the search index's writes (DESIGN 10): listings that are neither
 * withdrawn nor hidden, that the viewer may see, matching the words (SQLite FTS5 or PostgreSQL's
 * tsvector), topic and author, sorted. Words find the newest GALLERY_MATCHES matches first, so a
 * common word costs what a rare one does.
 *
 * Each read is shaped so that what it costs follows from what it answers, on both databases and
 * without statistics (the server never runs ANALYZE on SQLite); `npm run bench` measures them over
 * 100,000 listings (tools/bench/src/gallery-scenario.ts).
 * - Words: their matches are read by a query of their own, once for the page and its count. Inside
 *   the page's query PostgreSQL's planner would walk the listings by seq testing each one's words,
 *   expecting a page's worth soon, and read every listing's words for a word found nowhere.
 * - Words and a topic: each match's topic is probed, rather than the topic's every listing read.
 * - A topic alone: read along the topic's index, newest first, so the newest page of a topic on a
 *   third of the listings reads a page's worth of rows (ordered by the listing's seq instead,
 *   SQLite would sort all of them).
 * - A topic alone sorted by stars or forks: the topic's listings are sorted, unless walking the
 *   sort's index and probing each listing's topic meets the page sooner (`walksSortIndex`).
 */
export class GalleryRepository {
  constructor(private readonly db: Db) {}

  /** The listing ids of one page, in order, and how many match (up to GALLERY_MATCHES). */
  async page(filter: GalleryFilter): Promise<{ count: number; ids: string[] }> {
    const found = filter.terms.length > 0 ? await this.matches(filter.terms) : undefined;
    if (found?.length === 0) return { count: 0, ids: [] };
    const counting: TopicBy = found === undefined ? 'join' : 'probe';
    const paging: TopicBy = counting === 'join' && (await this.walksSortIndex(filter)) ? 'probe' : counting;
    const first =
      filter.topic !== undefined && paging === 'join' && filter.sort === 'new'
        ? sql.ref('t.seq')
        : sql.ref(`l.${ORDER[filter.sort]}`);
    const rows = await this.matching(filter, found, paging)
      .select('l.listing_id')
      .orderBy(first, 'desc')
      .orderBy('l.seq', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const counted = await this.db.kysely
      .selectFrom(this.matching(filter, found, counting).select('l.seq').limit(GALLERY_MATCHES).as('m'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { count: Number(counted.n), ids: rows.map((r) => r.listing_id) };
  }

  /** `found`: the seqs of the listings holding the words, when there are words. */
  private matching(filter: GalleryFilter, found: readonly number[] | undefined, topicBy: TopicBy) {
    const topic = filter.topic;
    let query = this.db.kysely
      .selectFrom('bazaar_listings as l')
      .$if(topic !== undefined && topicBy === 'join', (qb) =>
        qb.innerJoin('bazaar_topics as t', (join) =>
          join.onRef('t.seq', '=', 'l.seq').on('t.topic', '=', topic!),
        ),
      )
      .where('l.withdrawn_at', 'is', null)
      .where('l.hidden_at', 'is', null)
      .where((eb) => visibleTo(eb, filter.viewerId));
    if (found !== undefined) query = query.where('l.seq', 'in', found);
    if (topic !== undefined && topicBy === 'probe')
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('bazaar_topics as t')
            .select('t.seq')
            .where('t.topic', '=', topic)
            .whereRef('t.seq', '=', 'l.seq'),
        ),
      );
    if (filter.authorKey !== undefined) {
      const key = filter.authorKey;
      query = query.where('l.author_id', '=', (eb) =>
        eb.selectFrom('users').select('id').where('username_key', '=', key),
      );
    }
    return query;
  }

  /**
   * Whether a topic alone sorted by stars or forks is read along the sort's index, probing each
   * listing's topic: about (offset + limit) × listings / size rows before the page is complete,
   * against `size` rows to sort the other way. A topic on a third of 100,000 listings fills its
   * first page after some 75 rows instead of sorting 33,000; a topic on a few never walks.
   */
  private async walksSortIndex(filter: GalleryFilter): Promise<boolean> {
    if (filter.topic === undefined || filter.sort === 'new' || filter.authorKey !== undefined) return false;
    const { listings } = await this.db.kysely
      .selectFrom('bazaar_listings')
      .select((eb) => eb.fn.max('seq').as('listings'))
      .executeTakeFirstOrThrow();
    const enough = Math.max(1, Math.ceil(Math.sqrt((filter.offset + filter.limit) * Number(listings ?? 0))));
    const { size } = await this.db.kysely
      .selectFrom(
        this.db.kysely
          .selectFrom('bazaar_topics')
          .select('seq')
          .where('topic', '=', filter.topic)
          .limit(enough)
          .as('s'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('size'))
      .executeTakeFirstOrThrow();
    return Number(size) >= enough;
  }

  /** The seqs of the newest GALLERY_MATCHES listings whose words hold every term, newest first. */
  private async matches(terms: readonly SearchTerm[]): Promise<number[]> {
    const query =
      this.db.dialect === 'postgres'
        ? sql<{ seq: number }>`select seq from bazaar_search
            where tsv @@ to_tsquery('simple', ${tsQuery(terms)}) order by seq desc limit ${GALLERY_MATCHES}`
        : sql<{ seq: number }>`select rowid as seq from bazaar_search where bazaar_search match ${terms
            .map((t) => `${ftsQuote(t.words.join(' '))}${t.prefix ? '*' : ''}`)
            .join(' AND ')} order by rowid desc limit ${GALLERY_MATCHES}`;
    const { rows } = await query.execute(this.db.kysely);
    return rows.map((r) => Number(r.seq));
  }

  /** Writes (or rewrites) the words a listing is found by. */
  async index(seq: number, body: string, db: Executor): Promise<void> {
    if (this.db.dialect === 'postgres') {
      await sql`insert into bazaar_search (seq, tsv) values (${seq}, to_tsvector('simple', ${body}))
        on conflict (seq) do update set tsv = excluded.tsv`.execute(db);
      return;
    }
    await this.unindex(seq, db);
    await sql`insert into bazaar_search (rowid, body) values (${seq}, ${body})`.execute(db);
  }

  /** Forgets the words of a listing nobody will find again (withdrawn). */
  async unindex(seq: number, db: Executor): Promise<void> {
    if (this.db.dialect === 'postgres') await sql`delete from bazaar_search where seq = ${seq}`.execute(db);
    else await sql`delete from bazaar_search where rowid = ${seq}`.execute(db);
  }
}

function visibleTo(
  eb: ExpressionBuilder<Database & { l: Database['bazaar_listings'] }, 'l'>,
  viewerId: number | null,
) {
  if (viewerId === null) return eb('l.caravan_id', 'is', null);
  return eb.or([
    eb('l.caravan_id', 'is', null),
    eb(
      'l.caravan_id',
      'in',
      eb.selectFrom('caravan_members').select('caravan_id').where('user_id', '=', viewerId),
    ),
  ]);
}
