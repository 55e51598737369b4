import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { paymentsKeys } from './keys';

/** One of the user's subscriptions (404 for another user's, or an unknown id). */
export const getSubscription = (subscriptionId: string) => api.payments.subscription(subscriptionId);

export const subscriptionQueryOptions = (subscriptionId: string) =>
  queryOptions({
    queryKey: paymentsKeys.subscription(subscriptionId),
    queryFn: () => getSubscription(subscriptionId),
  });

export function useSubscription(subscriptionId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionQueryOptions(subscriptionId), enabled: options.enabled ?? true });
}
