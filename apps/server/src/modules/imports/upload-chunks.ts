import { open } from 'node:fs/promises';
import type { ImportUploadsRepository } from './import-uploads.repository.js';

/** The size of the chunks an upload is kept in: one row each, one in memory at a time. */
export const CHUNK_BYTES = 1024 * 1024;

/** The stored upload is not what was accepted: chunks are missing. */
export class UploadLost extends Error {
  constructor() {
    super('The uploaded file is no longer whole: upload it again.');
  }
}

/**
 * Copies the file at `path` into the database, chunk by chunk; `alive` is called every few
 * seconds meanwhile (a large upload takes a while). The file's size in bytes.
 */
export async function storeChunks(
  uploads: ImportUploadsRepository,
  jobId: string,
  path: string,
  alive: () => Promise<void>,
): Promise<number> {
  const file = await open(path, 'r');
  let size = 0;
  let told = Date.now();
  try {
    for (let seq = 0; ; seq++) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      await uploads.add(jobId, seq, chunk.subarray(0, bytesRead));
      size += bytesRead;
      if (Date.now() - told >= 5000) {
        await alive();
        told = Date.now();
      }
    }
  } finally {
    await file.close();
  }
  return size;
}

/** Writes the job's chunks back to a new file at `path`, checking that all `size` bytes came back. */
export async function restoreChunks(
  uploads: ImportUploadsRepository,
  jobId: string,
  path: string,
  size: number,
): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  let written = 0;
  try {
    for (const seq of await uploads.seqs(jobId)) {
      const bytes = await uploads.chunk(jobId, seq);
      if (bytes === undefined) throw new UploadLost();
      await file.write(bytes);
      written += bytes.byteLength;
    }
  } finally {
    await file.close();
  }
  if (written !== size) throw new UploadLost();
}
