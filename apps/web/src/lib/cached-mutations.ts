import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A create, update or fork whose answer is the saved item: the answer fills the item's cache entry
 * (its page opens without a load) and the list is asked again.
 */
export function useSaveMutation<TInput, TSaved>(
  mutationFn: (input: TInput) => Promise<TSaved>,
  keys: { detail: (saved: TSaved) => QueryKey; list: QueryKey },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.detail(saved), saved);
      return queryClient.invalidateQueries({ queryKey: keys.list });
    },
  });
}

/** A delete by id: the item's cache entry goes and the list is asked again. */
export function useRemoveMutation(
  mutationFn: (id: string) => Promise<unknown>,
  keys: { detail: (id: string) => QueryKey; list: QueryKey },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: keys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: keys.list });
    },
  });
}
