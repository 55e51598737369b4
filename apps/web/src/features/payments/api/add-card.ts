import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../lib/idempotency-key';
import { paymentsKeys } from './keys';

export interface AddCardInput {
  username: string;
  /** What Stripe.js createPaymentMethod answered (`pm_...`). */
  paymentMethodId: string;
}

/** Saves a card Stripe.js made; the server creates the Stripe customer first if there is none. */
export const addCard = ({ username, paymentMethodId }: AddCardInput, idempotencyKey?: string) =>
  api.payments.addCard(username, { payment_method_id: paymentMethodId }, { idempotencyKey });

export function useAddCard() {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: AddCardInput) => addCard(input, key.current()),
    onSettled: (_saved, error) => {
      key.settled(error);
      return queryClient.invalidateQueries({ queryKey: paymentsKeys.cards() });
    },
  });
}
