import { routes } from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { requireToken } from '../../../lib/require-token';
import { saveBlob } from '../../../lib/save-file';
import { backupFilename } from '../lib/content-disposition';

/**
 * `GET /export/`: everything the user owns as one zip. The response itself is read (not
 * `api.backup.download`'s Blob) because the file name is in its Content-Disposition.
 */
export async function downloadBackup(): Promise<string> {
  requireToken();
  const response = await api.send(routes.backup.download, {});
  const filename = backupFilename(response.headers.get('Content-Disposition'));
  saveBlob(await response.blob(), filename);
  return filename;
}

export function useDownloadBackup() {
  return useMutation({ mutationFn: downloadBackup });
}
