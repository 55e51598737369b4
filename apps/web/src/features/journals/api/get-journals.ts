import type { JournalSummary } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { journalKeys } from './journal-keys';

/** The signed-in user's journals. */
export async function getJournals(): Promise<JournalSummary[]> {
  requireToken();
  return api.journals.list();
}

export const journalsQueryOptions = () =>
  queryOptions({ queryKey: journalKeys.list(), queryFn: getJournals });

export function useJournals() {
  return useQuery(journalsQueryOptions());
}
