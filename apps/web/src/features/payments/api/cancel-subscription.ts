import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../lib/idempotency-key';
import { paymentsKeys } from './keys';

/** Cancels at the end of the paid period: the subscription stays active until then. */
export const cancelSubscription = (subscriptionId: string, idempotencyKey?: string) =>
  api.payments.cancel(subscriptionId, { idempotencyKey });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (subscriptionId: string) => cancelSubscription(subscriptionId, key.current()),
    onSuccess: (subscription) =>
      queryClient.setQueryData(paymentsKeys.subscription(subscription.subscription_id), subscription),
    onSettled: (_subscription, error) => {
      key.settled(error);
      return queryClient.invalidateQueries({ queryKey: paymentsKeys.subscriptions() });
    },
  });
}
