import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getToken } from '../../../lib/auth-storage';
import { wellLabel } from '../../../lib/well-label';
import { logbookKeys } from './logbook-keys';

export interface Choice {
  value: string;
  label: string;
}

/** The user's own journals and wells, for the logbook forms' selects. */
export interface LogbookChoices {
  journals: Choice[];
  wells: Choice[];
}

/**
 * Either list may fail on its own (signed out, for one); the form then offers only "No journal" /
 * "No well" and the server's answer to the submit says what is wrong.
 */
export async function getLogbookChoices(): Promise<LogbookChoices> {
  if (!getToken()) return { journals: [], wells: [] };
  const [journals, wells] = await Promise.allSettled([api.journals.list(), api.wells.list()]);
  return {
    journals:
      journals.status === 'fulfilled' ? journals.value.map((j) => ({ value: j.jid, label: j.title })) : [],
    wells:
      wells.status === 'fulfilled'
        ? wells.value.wells.map((w) => ({ value: w.wellid, label: wellLabel(w) }))
        : [],
  };
}

export const logbookChoicesQueryOptions = () =>
  queryOptions({
    queryKey: logbookKeys.choices(),
    queryFn: getLogbookChoices,
    // Journals and wells are created on other pages; ask again each time a form opens.
    staleTime: 0,
  });

export function useLogbookChoices() {
  return useQuery(logbookChoicesQueryOptions());
}
