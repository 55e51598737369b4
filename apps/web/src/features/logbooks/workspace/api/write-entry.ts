import type { TagSubmit, TagSubmitResult } from '@caravanserai/api';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { logbookWriteScope } from './write-scope';

/** Appends an entry, or re-tags, edits or blanks the entry at `index` (never rewriting the log). */
export function writeEntry(body: TagSubmit): Promise<TagSubmitResult> {
  return api.entries.write(body);
}

/** One write to a logbook's log, waiting for the writes made before it. */
export interface EntryWrite {
  /** Read when the write's turn comes, so it can name the version the earlier writes left. */
  body: () => TagSubmit;
  /** Puts the stored write into the page's log before the next write's body is read. */
  onStored?: (result: TagSubmitResult) => void;
}

export const writeEntryMutationOptions = (logid: string) =>
  mutationOptions({
    mutationKey: ['logbooks', 'entry-write', logid],
    scope: logbookWriteScope(logid),
    // A write made offline fails at once and says so, as any other failed write does.
    networkMode: 'always',
    mutationFn: (write: EntryWrite) => writeEntry(write.body()),
    // Awaited before the scope's next mutation starts.
    onSuccess: (result, write) => write.onStored?.(result),
  });

export function useWriteEntry(logid: string) {
  return useMutation(writeEntryMutationOptions(logid));
}
