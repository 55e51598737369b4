import type { Journal, JournalWrite } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { journalKeys } from './journal-keys';

export function createJournal(input: JournalWrite): Promise<Journal> {
  return api.journals.create(input);
}

export function useCreateJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournal,
    onSuccess: (journal) => {
      queryClient.setQueryData(journalKeys.detail(journal.jid), journal);
      return queryClient.invalidateQueries({ queryKey: journalKeys.list() });
    },
  });
}
