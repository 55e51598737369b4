import type { Journal, JournalWrite } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { savedJournalKeys } from './journal-keys';

export function updateJournal({ jid, ...input }: JournalWrite & { jid: string }): Promise<Journal> {
  return api.journals.update(jid, input);
}

export function useUpdateJournal() {
  return useSaveMutation(updateJournal, savedJournalKeys);
}
