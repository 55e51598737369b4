import type { SearchQuery, SearchResults } from '@caravanserai/api';
import type { z } from 'zod';
import { iso } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { SearchRepository } from './search.repository.js';
import { parseSearch } from './search-terms.js';
import { snippet } from './snippet.js';

type Query = z.output<typeof SearchQuery>;

/**
 * Search over the user's own logbooks only: the owner is part of every lookup, so another user's
 * entries (a caravan member's included) are never candidates. A fork is its owner's like any other
 * logbook; salted logbooks are searched like the rest (salting freezes a log, it hides nothing from
 * its owner). A journal or well filter that names something not the user's simply finds nothing.
 */
export class SearchService {
  constructor(private readonly index: SearchRepository) {}

  async search(user: UserRow, query: Query): Promise<SearchResults> {
    const terms = parseSearch(query.q);
    if (terms.length === 0) return { count: 0, results: [] };
    const candidates = await this.index.candidates({
      ownerId: user.id,
      terms,
      tag: query.tag,
      jid: query.journal,
      wellid: query.well,
    });
    // Best first; of two equal scores, the newer entry.
    const ranked = candidates
      .map((c) => ({ docid: Number(c.docid), score: c.score }))
      .sort((a, b) => b.score - a.score || b.docid - a.docid);
    const page = ranked.slice(query.offset, query.offset + query.limit).map((c) => c.docid);
    const hits = await this.index.hits(page);
    return {
      count: candidates.length,
      results: hits.map((hit) => ({
        logid: hit.logid,
        title: hit.title,
        jid: hit.jid,
        index: hit.position,
        tag: hit.tag,
        snippet: snippet(hit.content, terms),
        created_at: iso(hit.created_at),
      })),
    };
  }
}
