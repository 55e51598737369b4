import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { paymentsKeys } from './keys';

export interface RemoveCardInput {
  username: string;
  paymentKey: string;
}

/** Detaches the card at Stripe; answers the cards left. */
export const removeCard = ({ username, paymentKey }: RemoveCardInput) =>
  api.payments.removeCard(username, paymentKey);

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: (cards) => queryClient.setQueryData(paymentsKeys.cards(), cards),
  });
}
