import { useMutation } from '@tanstack/react-query';
import { type UploadVariables, uploadExport } from '../../../lib/upload-form';

/** `POST /export/restore/`: a backup zip becomes an import job into the signed-in account. */
export const restoreBackup = ({ file, onProgress }: UploadVariables) =>
  uploadExport('/export/restore/', { file, onProgress });

export function useRestoreBackup() {
  return useMutation({ mutationFn: restoreBackup });
}
