import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellMarketKeys } from './keys';

/** `GET /bazaar/earnings/`: what the user's offers earned in each recent month, newest first. */
export const getEarnings = () => api.wellRental.earnings();

export const earningsQueryOptions = () =>
  queryOptions({ queryKey: wellMarketKeys.earnings(), queryFn: getEarnings });

export function useEarnings(enabled = true) {
  return useQuery({ ...earningsQueryOptions(), enabled });
}
