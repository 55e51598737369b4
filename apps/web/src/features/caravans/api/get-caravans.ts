import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { caravansKeys } from './keys';

/** The caravans the signed-in user leads or belongs to, with their role in each. */
export const getCaravans = () => {
  requireToken();
  return api.caravans.list();
};

export const caravansQueryOptions = () =>
  queryOptions({ queryKey: caravansKeys.list(), queryFn: getCaravans, retry: false });

export function useCaravans() {
  return useQuery(caravansQueryOptions());
}
