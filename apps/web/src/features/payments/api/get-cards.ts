import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { paymentsKeys } from './keys';

/** The signed-in user's saved cards, newest first ([] before the first). */
export const getCards = () => api.payments.cards();

export const cardsQueryOptions = () => queryOptions({ queryKey: paymentsKeys.cards(), queryFn: getCards });

export function useCards() {
  return useQuery(cardsQueryOptions());
}
