/** Every well market query lives under this root, so renting, ending or offering refreshes them all. */
export const wellMarketKeys = {
  all: ['well-market'] as const,
  offers: () => [...wellMarketKeys.all, 'offers'] as const,
  rentals: () => [...wellMarketKeys.all, 'rentals'] as const,
  earnings: () => [...wellMarketKeys.all, 'earnings'] as const,
};
