import { ApiError, MAX_QUERY_FILES } from '@caravanserai/api';
import type { CommandEnv } from './command-env.js';
import { fail } from './command-error.js';
import { formatSize } from './format-size.js';
import type { LocalFile } from './io.js';
import { MAPPER_MESSAGES as M } from './messages.js';
import { writeLines } from './output.js';

export const ATTACH_MESSAGES = {
  noFileSystem:
    'Error: This terminal cannot read files from your computer. Attach them with the paperclip ' +
    '("Attach files") by the Scribe on the logbook page, or ask from the mapper CLI.',
  tooMany: `A question carries at most ${MAX_QUERY_FILES} files.`,
  unreadable: (path: string, why: string) => `Cannot read ${path}: ${why}`,
  refused: (path: string, why: string) => `Cannot attach ${path}: ${why}`,
} as const;

/**
 * Checks what can be checked before anything is sent: the host reads files, and there are no
 * more than a question may carry.
 */
export function checkAttachable(env: CommandEnv, paths: readonly string[]): void {
  if (paths.length === 0) return;
  if (!env.host.readFile) fail(ATTACH_MESSAGES.noFileSystem);
  if (paths.length > MAX_QUERY_FILES) fail(M.queryFailed, ATTACH_MESSAGES.tooMany);
}

/**
 * Uploads the files at `paths` to the logbook, printing a line for each, and resolves with their
 * ids. Every file is read before the first is sent, so a wrong path uploads nothing; a refused
 * upload ends the command with the server's reason. Resolves with null once Ctrl+C has stopped it.
 */
export async function attachFiles(
  env: CommandEnv,
  logid: string,
  paths: readonly string[],
): Promise<string[] | null> {
  const readFile = env.host.readFile;
  if (paths.length === 0 || !readFile) return [];
  const files: [string, LocalFile][] = [];
  for (const path of paths) {
    try {
      files.push([path, await readFile(path)]);
    } catch (error) {
      fail(M.queryFailed, ATTACH_MESSAGES.unreadable(path, reason(error)));
    }
  }
  const ids: string[] = [];
  for (const [path, file] of files) {
    if (env.signal?.aborted) return null;
    try {
      const uploaded = await env.api.files.upload(logid, file.content, file.name);
      ids.push(uploaded.file_id);
      writeLines(env.io, `Attached ${uploaded.name} (${formatSize(uploaded.size)})`);
    } catch (error) {
      if (error instanceof ApiError) fail(M.queryFailed, ATTACH_MESSAGES.refused(path, refusal(error)));
      fail(M.queryFailed);
    }
  }
  return env.signal?.aborted ? null : ids;
}

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.endsWith('.') ? text : `${text}.`;
}

/** The server's words: its field message for the file (an empty file), else its detail. */
function refusal(error: ApiError): string {
  return error.fields.file?.[0] ?? error.detail ?? error.message;
}
