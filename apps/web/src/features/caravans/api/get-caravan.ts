import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { caravansKeys } from './keys';

/** One caravan: members and roles, shared wells and policy (404 to anyone outside it). */
export const getCaravan = (id: string) => {
  requireToken();
  return api.caravans.get(id);
};

export const caravanQueryOptions = (id: string) =>
  queryOptions({ queryKey: caravansKeys.detail(id), queryFn: () => getCaravan(id), retry: false });

export function useCaravan(id: string) {
  return useQuery(caravanQueryOptions(id));
}
