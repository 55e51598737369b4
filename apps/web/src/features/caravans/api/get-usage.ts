import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { caravansKeys, type UsageRange } from './keys';

/** A leader gets everyone's figures; a member only their own. */
export const getUsage = (id: string, range: UsageRange) => api.caravans.usage(id, range);

export const usageQueryOptions = (id: string, range: UsageRange) =>
  queryOptions({
    queryKey: caravansKeys.usage(id, range),
    queryFn: () => getUsage(id, range),
    retry: false,
    // Switching the grouping keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useUsage(id: string, range: UsageRange) {
  return useQuery(usageQueryOptions(id, range));
}

/** The same figures as CSV text, for saving as a file. */
export const getUsageCsv = (id: string, range: UsageRange) => api.caravans.usageCsv(id, range);
