import type { Logbook } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { requireToken } from '../../../lib/require-token';
import { lastUsed } from './last-used';
import { savedLogbookKeys } from './logbook-keys';

/**
 * New chat in one step: a logbook (default title, private) in the journal and on the well the user
 * worked with last. The lists are read fresh, since the cached one may not know which logbook was
 * written to last; the journal and well lists only guard against remembered ones that are gone.
 */
export async function createNextLogbook(): Promise<Logbook> {
  requireToken();
  const [logbooks, journals, wells] = await Promise.all([
    api.logbooks.list(),
    api.journals.list().then(
      (list) => list.map((journal) => journal.jid),
      () => null,
    ),
    api.wells.list().then(
      (list) => list.wells.map((well) => well.wellid),
      () => null,
    ),
  ]);
  const { journal, logwell } = lastUsed(logbooks, journals, wells);
  return api.logbooks.create({ journal, logwell, private: true });
}

export function useCreateNextLogbook() {
  return useSaveMutation(createNextLogbook, savedLogbookKeys);
}
