import type { Journal, JournalWrite } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { savedJournalKeys } from './journal-keys';

export function createJournal(input: JournalWrite): Promise<Journal> {
  return api.journals.create(input);
}

export function useCreateJournal() {
  return useSaveMutation(createJournal, savedJournalKeys);
}
