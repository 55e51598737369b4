import { ImportStarted } from '@caravanserai/api';
import { requireToken } from './require-token';
import { type UploadProgress, uploadWithProgress } from './upload';

export interface UploadVariables {
  file: File;
  /** The journal to import into; a new one named after the source when left out. */
  journal?: string;
  onProgress: (progress: UploadProgress) => void;
}

/**
 * Sends an export file as the api client's calls do (journal first: the server streams the file and
 * reads fields in order) and answers the started import job.
 */
export async function uploadExport(path: string, { file, journal, onProgress }: UploadVariables) {
  requireToken();
  const form = new FormData();
  if (journal) form.append('journal', journal);
  form.append('file', file, file.name);
  return ImportStarted.parse(await uploadWithProgress(path, form, onProgress));
}
