import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { pageConfig } from './page-config';

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: () => api.config.get(),
    // The served page already carries it: no request, and no loading state, in production.
    initialData: pageConfig ?? undefined,
    staleTime: Infinity,
  });

/** The server's public settings (payments switch, support e-mail); undefined only while loading. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions()).data;
}
