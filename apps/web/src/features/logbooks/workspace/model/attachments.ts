import { type FileUploaded, MAX_QUERY_FILES } from '@caravanserai/api';

/** A file put on the question being written: uploading, then uploaded. */
export interface Attachment {
  /** This page's name for it (the server's id comes once it is uploaded). */
  key: string;
  file: File;
  /** How much of it has been sent, from 0 to 1. */
  progress: number;
  uploaded: FileUploaded | null;
}

export const TOO_MANY_FILES = `A question carries at most ${MAX_QUERY_FILES} files.`;

/** How many of `incoming` files fit beside the attached ones. */
export function roomFor(attached: readonly Attachment[], incoming: number): number {
  return Math.max(0, Math.min(incoming, MAX_QUERY_FILES - attached.length));
}

export function withProgress(attached: readonly Attachment[], key: string, progress: number): Attachment[] {
  return attached.map((a) => (a.key === key ? { ...a, progress } : a));
}

/**
 * The attachment `key` is uploaded. The same bytes attached twice (pasted again, or under another
 * name) would reach the model twice: the second is dropped (`duplicate`).
 */
export function withUploaded(
  attached: readonly Attachment[],
  key: string,
  uploaded: FileUploaded,
): { attached: Attachment[]; duplicate: boolean } {
  const duplicate = attached.some(
    (a) =>
      a.key !== key && (a.uploaded?.sha256 === uploaded.sha256 || a.uploaded?.file_id === uploaded.file_id),
  );
  if (duplicate) return { attached: without(attached, key), duplicate };
  return { attached: attached.map((a) => (a.key === key ? { ...a, progress: 1, uploaded } : a)), duplicate };
}

export function without(attached: readonly Attachment[], key: string): Attachment[] {
  return attached.filter((a) => a.key !== key);
}

/** The ids the question sends, in the order the files were attached. */
export function uploadedIds(attached: readonly Attachment[]): string[] {
  return attached.flatMap((a) => (a.uploaded ? [a.uploaded.file_id] : []));
}

export function anyUploading(attached: readonly Attachment[]): boolean {
  return attached.some((a) => a.uploaded === null);
}
