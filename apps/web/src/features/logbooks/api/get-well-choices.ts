import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { wellLabel } from '../../../lib/well-label';
import type { Choice } from './logbook-choices';
import { logbookKeys } from './logbook-keys';

/**
 * The wells the signed-in user may attach a logbook to: their own, those a caravan shares and those
 * they rent, each named with whose it is when not theirs.
 */
export async function getWellChoices(): Promise<Choice[]> {
  requireToken();
  const { wells } = await api.wells.list();
  return wells.map((well) => ({ value: well.wellid, label: wellLabel(well) }));
}

export const wellChoicesQueryOptions = () =>
  queryOptions({
    queryKey: logbookKeys.wells(),
    queryFn: getWellChoices,
    // Wells are made on other pages: ask again when a picker opens.
    staleTime: 0,
  });

export function useWellChoices(enabled: boolean) {
  return useQuery({ ...wellChoicesQueryOptions(), enabled });
}
