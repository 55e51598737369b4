import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { paymentsKeys } from './keys';

/** Makes the card the one subscriptions are charged to; answers the whole list. */
export const setDefaultCard = (paymentKey: string) =>
  api.payments.setDefaultCard({ payment_key: paymentKey });

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCard,
    // The answer is the list as it now is: no need to ask again.
    onSuccess: (cards) => queryClient.setQueryData(paymentsKeys.cards(), cards),
  });
}
