import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The two packagings of the terminal application the server offers (DESIGN §2). */
export const PACKAGES = [
  { filename: 'caravanserai.zip', label: 'Download Zip File' },
  { filename: 'caravanserai.tar.gz', label: 'Download Tarball' },
] as const;

export type PackageFilename = (typeof PACKAGES)[number]['filename'];

/** Saves a Blob under a file name through a temporary link, the way a browser download starts. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; give it a moment.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadPackage(filename: PackageFilename): Promise<void> {
  const blob = await api.download(filename);
  saveBlob(blob, filename);
}

export function useDownloadPackage() {
  return useMutation({ mutationFn: downloadPackage });
}
