import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { paymentsKeys } from './keys';

/** The signed-in user's subscriptions, newest first, ended ones included. */
export const getSubscriptions = () => api.payments.subscriptions();

export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: paymentsKeys.subscriptions(), queryFn: getSubscriptions });

export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions());
}
