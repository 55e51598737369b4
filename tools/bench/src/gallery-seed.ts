import { createHash } from 'node:crypto';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { type Db, insertUserRow } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { Corpus, random } from './search-corpus.js';

export const LISTINGS = 100_000;
const AUTHORS = 200;
/** Caravans the viewer is not in, each with caravan-only listings of its own. */
const OTHER_CARAVANS = 9;
/** Authors who are members of the viewer's caravan and publish its listings. */
const CARAVAN_AUTHORS = 5;
const CHUNK = 500;
const VIEWER_CARAVAN_SHARE = 0.01;
const OTHER_CARAVANS_SHARE = 0.04;
const WITHDRAWN_SHARE = 0.03;
const HIDDEN_SHARE = 0.005;
const SPAN_MS = 2 * 365 * 86_400_000;
const LICENCES = ['CC-BY-4.0', 'CC0-1.0', 'all-rights-reserved'];
const INCLUDE = JSON.stringify(['query', 'gen', 'code', 'context']);

/** Topics, commonest first: drawn with Zipf's frequencies, so the first is on over a quarter of listings. */
export const TOPICS = `coding writing python research cooking travel javascript math history music
  rust health finance gardening chemistry poetry law design physics games sql linux astronomy
  woodworking knitting chess latin beekeeping origami falconry`.split(/\s+/);
/** A tenth of the topics drawn are from a long tail of this many, each on a handful of listings. */
const TAIL_TOPICS = 2000;
const TAIL_SHARE = 0.1;
export const tailTopic = (n: number) => `hobby-${n}`;

/** A listing's text: title, summary and the copy's entries, from the search benchmark's vocabulary. */
interface Written {
  title: string;
  summary: string;
  topics: string[];
  entries: Entry[];
}

function pickTopics(next: () => number): string[] {
  const weights = TOPICS.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const count = Math.floor(next() * 4);
  const chosen = new Set<string>();
  for (let i = 0; i < count; i++) {
    if (next() < TAIL_SHARE) {
      chosen.add(tailTopic(Math.floor(next() * TAIL_TOPICS)));
      continue;
    }
    let target = next() * total;
    const rank = weights.findIndex((w) => {
      target -= w;
      return target <= 0;
    });
    chosen.add(TOPICS[rank] ?? TOPICS[0]!);
  }
  return [...chosen];
}

function write(corpus: Corpus, next: () => number): Written {
  const entries: Entry[] = [];
  const count = 2 + Math.floor(next() * 9);
  for (let i = 0; i < count; i++)
    entries.push({ tag: i % 2 === 0 ? 'query' : 'gen', attrs: {}, content: corpus.sentence(10, 60) });
  return {
    title: corpus.sentence(3, 8).slice(0, -1),
    summary: corpus.sentence(10, 40),
    topics: pickTopics(next),
    entries,
  };
}

/** What the server indexes (copy.ts `searchBody`): title, summary, topics, then the copy's text, as plain words. */
function searchBody(w: Written): string {
  return [w.title, w.summary, w.topics.join(' '), ...w.entries.map((e) => e.content)]
    .join(' ')
    .replace(/[.-]/g, ' ');
}

/** As slug.ts makes them, with the listing's number for the random part. */
const slugWords = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60);

/** Stars and forks as popularity goes: half the listings none, a few thousands. */
function popularity(next: () => number): { stars: number; forks: number } {
  const stars = Math.min(5000, Math.floor(1 / (1 - next() * 0.9999)) - 1);
  return { stars, forks: Math.floor(stars * next() * 0.5) };
}

/** Authors, the viewer's caravan's members among them, and other caravans each led by one of them. */
async function people(db: Db, viewerCaravan: string, at: number) {
  const stamp = Date.now().toString(36);
  const authors: number[] = [];
  for (let i = 0; i < AUTHORS; i++) authors.push(await insertUserRow(db, `gallery${stamp}a${i}`, at));
  const members = authors.slice(0, CARAVAN_AUTHORS);
  await db.kysely
    .insertInto('caravan_members')
    .values(
      members.map((id) => ({
        caravan_id: viewerCaravan,
        user_id: id,
        role: 'member' as const,
        joined_at: at,
      })),
    )
    .execute();
  const caravans = Array.from({ length: OTHER_CARAVANS }, (_, i) => ({
    caravanId: `gallerybench${stamp}c${i}`,
    leader: authors[CARAVAN_AUTHORS + i]!,
  }));
  await db.kysely
    .insertInto('caravans')
    .values(
      caravans.map((c, i) => ({
        caravan_id: c.caravanId,
        name: `Bench caravan ${i}`,
        allowed_models: '[]',
        member_monthly_queries: null,
        member_monthly_tokens: null,
        caravan_monthly_tokens: null,
        personal_wells: 1,
        created_at: at,
        modified_at: at,
      })),
    )
    .execute();
  await db.kysely
    .insertInto('caravan_members')
    .values(
      caravans.map((c) => ({
        caravan_id: c.caravanId,
        user_id: c.leader,
        role: 'leader' as const,
        joined_at: at,
      })),
    )
    .execute();
  return { authors, members, caravans };
}

type Cast = Awaited<ReturnType<typeof people>> & { viewerCaravan: string };
type ListingRow = ReturnType<typeof listingRow>;

/** The `i`th listing's row: whose it is, who may see it, how popular, whether it is still shown. */
function listingRow(i: number, w: Written, at: number, cast: Cast, next: () => number) {
  const roll = next();
  const other = cast.caravans[i % cast.caravans.length]!;
  const [author, caravan] =
    roll < VIEWER_CARAVAN_SHARE
      ? [cast.members[i % cast.members.length]!, cast.viewerCaravan]
      : roll < VIEWER_CARAVAN_SHARE + OTHER_CARAVANS_SHARE
        ? [other.leader, other.caravanId]
        : [cast.authors[i % cast.authors.length]!, null];
  const gone = next();
  return {
    listing_id: `gl${i.toString(36).padStart(10, '0')}`,
    slug: `${slugWords(w.title)}-${i.toString(36)}`,
    author_id: author,
    source_logid: null,
    parent_listing_id: null,
    caravan_id: caravan,
    title: w.title,
    summary: w.summary,
    topics: JSON.stringify(w.topics),
    licence: LICENCES[i % LICENCES.length]!,
    include: INCLUDE,
    latest_version: 1,
    ...popularity(next),
    published_at: at,
    updated_at: at,
    withdrawn_at: gone < WITHDRAWN_SHARE ? at + 86_400_000 : null,
    hidden_at: gone > 1 - HIDDEN_SHARE ? at + 86_400_000 : null,
  };
}

/**
 * Writes LISTINGS listings straight into the server's tables, a chunk to a transaction, as the
 * server's publish writes them (publishing.service.ts): the listing, its copy and version 1, its
 * topics and its words in `bazaar_search` (row = the listing's seq). Oldest first, published over
 * two years; 1% the viewer's caravan's (`viewerCaravan`), 4% other caravans', 3% withdrawn, 0.5%
 * hidden. Answers the milliseconds it took.
 */
export async function seedGallery(db: Db, viewerCaravan: string): Promise<number> {
  const started = performance.now();
  const start = Date.now() - SPAN_MS;
  const cast = { ...(await people(db, viewerCaravan, start)), viewerCaravan };
  const corpus = new Corpus(23);
  const next = random(23);
  for (let first = 0; first < LISTINGS; first += CHUNK) {
    const written: Written[] = [];
    const rows: ListingRow[] = [];
    for (let i = first; i < Math.min(LISTINGS, first + CHUNK); i++) {
      const w = write(corpus, next);
      written.push(w);
      rows.push(listingRow(i, w, start + Math.floor((i / LISTINGS) * SPAN_MS), cast, next));
    }
    await db.kysely.transaction().execute(async (trx) => {
      const seqs = await trx
        .insertInto('bazaar_listings')
        .values(rows)
        .returning(['seq', 'listing_id'])
        .execute();
      const seqOf = new Map(seqs.map((r) => [r.listing_id, Number(r.seq)]));
      const copies = written.map((w) => {
        const log = serializeLog(w.entries);
        return { sha256: createHash('sha256').update(log).digest('hex'), log, entry_count: w.entries.length };
      });
      await trx
        .insertInto('bazaar_copies')
        .values(copies)
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      await trx
        .insertInto('bazaar_versions')
        .values(
          rows.map((r, k) => ({
            listing_id: r.listing_id,
            version: 1,
            sha256: copies[k]!.sha256,
            published_at: r.published_at,
          })),
        )
        .execute();
      const topics = rows.flatMap((r, k) =>
        written[k]!.topics.map((topic) => ({
          topic,
          listing_id: r.listing_id,
          seq: seqOf.get(r.listing_id)!,
        })),
      );
      if (topics.length > 0) await trx.insertInto('bazaar_topics').values(topics).execute();
      const words = rows.map((r, k) => [seqOf.get(r.listing_id)!, searchBody(written[k]!)] as const);
      // As GalleryRepository.index writes them.
      const values =
        db.dialect === 'postgres'
          ? words.map(([seq, body]) => sql`(${seq}, to_tsvector('simple', ${body}))`)
          : words.map(([seq, body]) => sql`(${seq}, ${body})`);
      const columns = db.dialect === 'postgres' ? sql`(seq, tsv)` : sql`(rowid, body)`;
      await sql`insert into bazaar_search ${columns} values ${sql.join(values)}`.execute(trx);
    });
  }
  // What autovacuum does to tables this size soon after they are written: statistics, and the GIN
  // index's pending entries merged into it. SQLite gathers none unless told, and the server never does.
  if (db.dialect === 'postgres')
    await sql`vacuum analyze bazaar_listings, bazaar_topics, bazaar_search`.execute(db.kysely);
  return performance.now() - started;
}
