import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caravansKeys } from './keys';

/**
 * A change to a caravan or its membership: once done, every caravan query is asked again, since
 * one change shows in several places (the page, the list, the figures, the audit log, the badge).
 */
export function useCaravanMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caravansKeys.all }),
  });
}
