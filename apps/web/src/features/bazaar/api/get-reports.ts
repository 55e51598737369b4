import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys } from './keys';

/** `GET /admin/bazaar/reports/`: every report, newest first (administrators only). */
export const getReports = () => api.bazaar.reports();

export const reportsQueryOptions = () =>
  queryOptions({ queryKey: bazaarKeys.reports(), queryFn: getReports, retry: false });

export function useReports() {
  return useQuery(reportsQueryOptions());
}
