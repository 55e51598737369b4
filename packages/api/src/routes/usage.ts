import { defineRoute } from '../route.js';
import { UsageQuery, UsageSummary } from '../schemas/queries.js';

export const usageRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/usage/',
    query: UsageQuery,
    response: { 200: UsageSummary },
    errors: ['not_authenticated', 'invalid'],
  }),
};
