import type { EntryFile } from '@caravanserai/api';
import { type Entry, filesOf } from '@caravanserai/logbook';

/** How a file is shown in the log: images as pictures, everything else as a download. */
export type FileLook = 'image' | 'download';

/** The files a logbook knows, by id. */
export type KnownFiles = ReadonlyMap<string, EntryFile>;

export function knownFiles(...lists: readonly (readonly EntryFile[])[]): KnownFiles {
  const known = new Map<string, EntryFile>();
  for (const list of lists) for (const file of list) known.set(file.file_id, file);
  return known;
}

/**
 * The files an entry names (its `files` attribute), in its order, as the logbook knows them. An id
 * the logbook does not know (a file since deleted, an entry written by hand) is passed over.
 */
export function entryFiles(entry: Entry, known: KnownFiles): EntryFile[] {
  const files: EntryFile[] = [];
  for (const id of filesOf(entry)) {
    const file = known.get(id);
    if (file) files.push(file);
  }
  return files;
}

export function lookOf(file: Pick<EntryFile, 'media_type'>): FileLook {
  return file.media_type.startsWith('image/') ? 'image' : 'download';
}

/** A new query's attributes, naming its files when it carries any, as the server stores them. */
export function withFiles(attrs: Record<string, string>, files: readonly string[]): Record<string, string> {
  return files.length > 0 ? { ...attrs, files: files.join(' ') } : attrs;
}
