import { defineRoute } from '../route.js';
import { SearchQuery, SearchResults } from '../schemas/search.js';

export const searchRoutes = {
  /** Entries of the caller's own logbooks matching the words, best first. */
  find: defineRoute({
    method: 'GET',
    path: '/search/',
    query: SearchQuery,
    response: { 200: SearchResults },
    errors: ['not_authenticated', 'invalid'],
  }),
};
