import type { SearchQuery } from '@caravanserai/api';

/** The tags a search can be narrowed to (SearchQuery's `tag`). */
export const SEARCH_TAGS = [
  'query',
  'gen',
  'context',
  'comment',
  'mirage',
  'code',
  'shell',
  'command',
] as const;
export type SearchTag = (typeof SEARCH_TAGS)[number];

export const PAGE_SIZE = 20;

/** What the search page shows, as kept in its URL (`?q=&tag=&journal=&page=`). */
export interface SearchParams {
  q: string;
  tag?: SearchTag;
  journal?: string;
  page: number;
}

export const isTag = (value: string | null): value is SearchTag =>
  value !== null && (SEARCH_TAGS as readonly string[]).includes(value);

export function readSearchParams(url: URLSearchParams): SearchParams {
  const page = Number.parseInt(url.get('page') ?? '1', 10);
  const tag = url.get('tag');
  return {
    q: url.get('q') ?? '',
    tag: isTag(tag) ? tag : undefined,
    journal: url.get('journal') || undefined,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The URL's query of these params, the first page and empty filters left out. */
export function searchParamsRecord(params: SearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  if (params.q) record.q = params.q;
  if (params.tag) record.tag = params.tag;
  if (params.journal) record.journal = params.journal;
  if (params.page > 1) record.page = String(params.page);
  return record;
}

/** The API query for one page of results. */
export function toSearchQuery(params: SearchParams): SearchQuery {
  return {
    q: params.q,
    tag: params.tag,
    journal: params.journal,
    limit: PAGE_SIZE,
    offset: (params.page - 1) * PAGE_SIZE,
  };
}
