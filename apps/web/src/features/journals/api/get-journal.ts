import type { Journal } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { journalKeys } from './journal-keys';

/** One journal with its logbooks; only its owner can load it. */
export async function getJournal(jid: string): Promise<Journal> {
  requireToken();
  return api.journals.get(jid);
}

export const journalQueryOptions = (jid: string) =>
  queryOptions({
    queryKey: journalKeys.detail(jid),
    queryFn: () => getJournal(jid),
  });

export function useJournal(jid: string) {
  return useQuery(journalQueryOptions(jid));
}
