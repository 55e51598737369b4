import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-file';

/** The two packagings of the Mapper CLI the server offers. */
export const PACKAGES = [
  { filename: 'caravanserai.zip', label: 'Download Zip File' },
  { filename: 'caravanserai.tar.gz', label: 'Download Tarball' },
] as const;

export type PackageFilename = (typeof PACKAGES)[number]['filename'];

export async function downloadPackage(filename: PackageFilename): Promise<void> {
  const blob = await api.download.mapperPackage(filename);
  saveBlob(blob, filename);
}

export function useDownloadPackage() {
  return useMutation({ mutationFn: downloadPackage });
}
