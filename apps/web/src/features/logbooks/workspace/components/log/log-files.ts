import type { EntryFile, FileUploaded } from '@caravanserai/api';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { fileKeys } from '../../api/get-file';
import { entryFileOf } from '../../api/upload-file';
import { type KnownFiles, knownFiles } from '../../model/entry-files';

/** The files the log's entries may name, by id; the rows read it without it passing through each. */
export const LogFilesContext = createContext<KnownFiles>(new Map());

export function useLogFiles(): KnownFiles {
  return useContext(LogFilesContext);
}

/**
 * The files the logbook's entries name as fetched, and those uploaded on this page since: the page
 * does not read the logbook again after its own question, so it learns those from the uploads. An
 * uploaded file's bytes are the ones on this computer, so the log shows it without fetching it.
 */
export function useKnownFiles(fetched: readonly EntryFile[]) {
  const queryClient = useQueryClient();
  const [uploaded, setUploaded] = useState<readonly EntryFile[]>([]);
  const known = useMemo(() => knownFiles(uploaded, fetched), [uploaded, fetched]);
  const add = useCallback(
    (file: FileUploaded, local: File) => {
      queryClient.setQueryData(fileKeys.bytes(file.file_id), local);
      setUploaded((list) => [...list, entryFileOf(file)]);
    },
    [queryClient],
  );
  return { known, add };
}
