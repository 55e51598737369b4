import type { BillingInterval, SubscriptionType } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../lib/idempotency-key';
import { paymentsKeys } from './keys';

/**
 * The spec's purchase pages send this placeholder, not a price id: the server charges the price it
 * is configured with for the tier and interval.
 */
const PLACEHOLDER_PRICE = '000';

export interface SubscribeInput {
  tier: SubscriptionType;
  interval: BillingInterval;
}

/** Buys the tier, charged to the default card at once. */
export const subscribe = ({ tier, interval }: SubscribeInput, idempotencyKey?: string) =>
  api.payments.subscribe(
    {
      price_id: PLACEHOLDER_PRICE,
      subscription_type: tier === 'Merchant' ? 'merchant' : 'sultan',
      interval,
    },
    { idempotencyKey },
  );

/** A double click or a resent request buys once: every attempt carries its own Idempotency-Key. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: SubscribeInput) => subscribe(input, key.current()),
    onSettled: (_subscription, error) => {
      key.settled(error);
      return queryClient.invalidateQueries({ queryKey: paymentsKeys.subscriptions() });
    },
  });
}
