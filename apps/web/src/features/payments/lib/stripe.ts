import type { Stripe } from '@stripe/stripe-js';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Stripe.js for the card field, fetched from js.stripe.com on first use. The `pure` entry adds no
 * script until asked (the main entry would load Stripe on import), and this module is reached only
 * from the payments pages, which exist only while payments are on: with them off no page ever
 * contacts Stripe.
 */
async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available here.');
  return stripe;
}

const stripeQueryOptions = (publishableKey: string) =>
  queryOptions({
    queryKey: ['stripe-js', publishableKey],
    queryFn: () => loadStripeJs(publishableKey),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // loadStripe already tries the script twice.
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The Stripe object for the server's publishable key; `isError` when the script could not load. */
export function useStripeJs(publishableKey: string) {
  return useQuery(stripeQueryOptions(publishableKey));
}
