import { constants, openAsBlob } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { LocalFile } from '@caravanserai/mapper';

/** Why a path cannot be read, in a few words, from Node's error codes. */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/**
 * A file the user named at the Mapper's prompt: `~/` is their home folder (no shell expanded it),
 * anything else is relative to the working folder. Its bytes stay on disk until they are sent.
 */
export async function readLocalFile(typed: string): Promise<LocalFile> {
  const path = typed === '~' || typed.startsWith('~/') ? join(homedir(), typed.slice(1)) : resolve(typed);
  try {
    if (!(await stat(path)).isFile()) throw new Error('not a file (a folder?)');
    await access(path, constants.R_OK);
    return { name: basename(path), content: await openAsBlob(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const known = code === undefined ? undefined : REASONS[code];
    throw new Error(known ?? (error instanceof Error ? error.message : String(error)));
  }
}
