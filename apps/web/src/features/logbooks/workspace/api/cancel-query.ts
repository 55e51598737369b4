import type { QueryCancel } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** Asks the server to stop the answer to `qid`: the text that arrived is stored as a stopped answer. */
export function cancelQuery(body: QueryCancel): Promise<{ cancelled: boolean }> {
  return api.queries.cancel(body);
}

export function useCancelQuery() {
  return useMutation({ mutationFn: cancelQuery, networkMode: 'always' });
}
