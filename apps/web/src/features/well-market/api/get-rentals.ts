import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { wellMarketKeys } from './keys';

/** `GET /bazaar/rentals/`: the wells the user rents and the rentals of their offers, newest first. */
export const getRentals = () => api.wellRental.rentals();

export const rentalsQueryOptions = () =>
  queryOptions({ queryKey: wellMarketKeys.rentals(), queryFn: getRentals });

export function useRentals(enabled = true) {
  return useQuery({ ...rentalsQueryOptions(), enabled });
}
