/** Every payments query lives under this root, so one invalidation refreshes cards and subscriptions. */
export const paymentsKeys = {
  all: ['payments'] as const,
  cards: () => [...paymentsKeys.all, 'cards'] as const,
  subscriptions: () => [...paymentsKeys.all, 'subscriptions'] as const,
  subscription: (subscriptionId: string) => [...paymentsKeys.subscriptions(), subscriptionId] as const,
};
