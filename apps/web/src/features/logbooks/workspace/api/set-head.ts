import type { HeadChanged } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { logbookWriteScope } from './write-scope';

/** Chooses the branch of entry `eid` (DESIGN 3a); in the logbook's write scope, after earlier writes. */
export function useSetHead(logid: string) {
  const { mutateAsync } = useMutation({
    mutationKey: ['logbooks', 'head', logid],
    scope: logbookWriteScope(logid),
    networkMode: 'always',
    mutationFn: (eid: string): Promise<HeadChanged> => api.logbooks.head(logid, { eid }),
  });
  return mutateAsync;
}
