import type { SearchQuery } from '@caravanserai/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';

export const searchKeys = {
  all: ['search'] as const,
  results: (query: SearchQuery) => [...searchKeys.all, query] as const,
};

/** `GET /search/`: the signed-in user's own entries matching the words, best first. */
export const search = (query: SearchQuery) => {
  requireToken();
  return api.search.find(query);
};

export const searchQueryOptions = (query: SearchQuery) =>
  queryOptions({ queryKey: searchKeys.results(query), queryFn: () => search(query), retry: false });

/** Asks only with words to look for; the last page stays on screen while the next one loads. */
export function useSearch(query: SearchQuery) {
  return useQuery({
    ...searchQueryOptions(query),
    enabled: query.q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
