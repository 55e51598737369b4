import { QueryClient } from '@tanstack/react-query';
import { retryUnlessClientError } from './retry';

/** The app's one query cache, shared by the provider and the router's prefetching loaders. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryUnlessClientError, refetchOnWindowFocus: true, staleTime: 10_000 },
  },
});
