const ENTRY_HASH = /^#entry-(\d{1,9})$/;

/** The entry index a link's `#entry-<index>` names (paths.logbooks.entry), or null. */
export function entryFromHash(hash: string): number | null {
  const match = ENTRY_HASH.exec(hash);
  return match ? Number(match[1]) : null;
}
