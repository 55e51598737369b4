import { createHash } from 'node:crypto';
import { type ReadKind, readKind } from './file-kind.js';

/**
 * The CPU-bound reading of an upload, run on a worker thread: checking 20 MB of text as UTF-8 and
 * hashing it each take a good part of a second, which would hold every other request meanwhile.
 */
export interface InspectTask {
  bytes: Uint8Array;
  name: string;
}

export function fileKindTask({ bytes, name }: InspectTask): Promise<ReadKind | null> {
  return readKind(bytes, name);
}

export function sha256Task({ bytes }: Pick<InspectTask, 'bytes'>): string {
  return createHash('sha256').update(bytes).digest('hex');
}
