export const DEFAULT_BACKUP_FILENAME = 'caravanserai-backup.zip';

/**
 * The file name a Content-Disposition header gives (`filename*=UTF-8''…` before `filename="…"`),
 * without any folder part; the default when there is none.
 */
export function backupFilename(header: string | null): string {
  if (!header) return DEFAULT_BACKUP_FILENAME;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : DEFAULT_BACKUP_FILENAME;
}
