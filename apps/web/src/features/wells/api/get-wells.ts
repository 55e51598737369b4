import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellsKeys } from './keys';

/** The signed-in user's wells and the provider/model choices the forms offer. */
export const getWells = () => api.wells.list();

export const wellsQueryOptions = () => queryOptions({ queryKey: wellsKeys.list(), queryFn: getWells });

export function useWells() {
  return useQuery(wellsQueryOptions());
}
