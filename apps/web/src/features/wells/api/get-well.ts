import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellsKeys } from './keys';

/** One well (its key masked) and the provider/model choices. */
export const getWell = (wellid: string) => api.wells.get(wellid);

export const wellQueryOptions = (wellid: string) =>
  queryOptions({
    queryKey: wellsKeys.detail(wellid),
    queryFn: () => getWell(wellid),
  });

export function useWell(wellid: string) {
  return useQuery(wellQueryOptions(wellid));
}
