import type { Journal, JournalWrite } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { journalKeys } from './journal-keys';

export function updateJournal({ jid, ...input }: JournalWrite & { jid: string }): Promise<Journal> {
  return api.journals.update(jid, input);
}

export function useUpdateJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJournal,
    onSuccess: (journal) => {
      queryClient.setQueryData(journalKeys.detail(journal.jid), journal);
      return queryClient.invalidateQueries({ queryKey: journalKeys.list() });
    },
  });
}
