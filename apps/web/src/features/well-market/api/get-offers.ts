import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellMarketKeys } from './keys';

/** `GET /bazaar/wells/`: the wells offered for rent, newest first, each marked mine or rented by me. */
export const getOffers = () => api.wellRental.offers();

export const offersQueryOptions = () =>
  queryOptions({ queryKey: wellMarketKeys.offers(), queryFn: getOffers });

export function useOffers(enabled = true) {
  return useQuery({ ...offersQueryOptions(), enabled });
}
