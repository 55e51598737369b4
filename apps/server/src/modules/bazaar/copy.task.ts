import type { PublishWarning } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import { makeCopy, searchBody } from './copy.js';
import { findWarnings } from './warnings.js';

export interface CopyTask {
  /** The entries the version copies (copy.ts `chosenEntries`). */
  chosen: Entry[];
  /** The files the copy may carry: the author's own uploads. */
  carried: string[];
  /** What the listing is found by besides its copy's text. */
  describe: { title: string; summary: string; topics: string[] };
}

/** A version's copy, made: everything publishing needs of it, without the entries themselves. */
export interface MadeCopy {
  log: string;
  sha256: string;
  files: string[];
  entryCount: number;
  warnings: PublishWarning[];
  /** The words the gallery finds it by. */
  searchBody: string;
}

/**
 * A worker-thread task (workers/tasks.worker.ts): makes a version's copy, reads it for what looks
 * private and for its search words. A logbook of many entries takes the better part of a second to
 * write out and read through, which the request thread would otherwise spend away from everyone else.
 */
export function bazaarCopyTask({ chosen, carried, describe }: CopyTask): MadeCopy {
  const copy = makeCopy(chosen, new Set(carried));
  return {
    log: copy.log,
    sha256: copy.sha256,
    files: copy.files,
    entryCount: copy.entries.length,
    warnings: findWarnings(copy.entries),
    searchBody: searchBody(describe, copy.entries),
  };
}
