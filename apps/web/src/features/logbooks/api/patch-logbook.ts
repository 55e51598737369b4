import type { Logbook, ModelSettingsWrite } from '@caravanserai/api';
import { api } from '../../../lib/api';
import { useSaveMutation } from '../../../lib/cached-mutations';
import { savedLogbookKeys } from './logbook-keys';

/** Settings the workspace changes in place, one at a time: its memory, its well, its model settings. */
export interface LogbookPatch {
  memory?: boolean;
  logwell?: string | null;
  settings?: ModelSettingsWrite;
}

/** PATCH: only the fields given change. */
export function patchLogbook({ logid, patch }: { logid: string; patch: LogbookPatch }): Promise<Logbook> {
  return api.logbooks.patch(logid, patch);
}

export function usePatchLogbook() {
  return useSaveMutation(patchLogbook, savedLogbookKeys);
}
