import type { Logbook } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { savedLogbookKeys } from './logbook-keys';

/** Settings the workspace changes in place, one at a time: its memory and its well. */
export interface LogbookPatch {
  memory?: boolean;
  logwell?: string | null;
}

/** PATCH: only the fields given change. */
export function patchLogbook({ logid, patch }: { logid: string; patch: LogbookPatch }): Promise<Logbook> {
  return api.logbooks.patch(logid, patch);
}

export function usePatchLogbook() {
  return useSaveMutation(patchLogbook, savedLogbookKeys);
}
