import type { SourceFile } from './conversation.js';
import type { ZipFile } from './zip-file.js';

/** The files an export zip holds for its messages, by the id its messages point at them with. */
export type Assets = (id: string) => SourceFile | undefined;

export const NO_ASSETS: Assets = () => undefined;

/**
 * ChatGPT's zip names each file it holds after its asset id, then (for uploads) the name it was
 * uploaded under: `file-AbC123-notes.pdf`, `file_00000000abcd-photo.png`, generated images as
 * `file-XyZ-<uuid>.webp` (also under `dalle-generations/`). A message points at one with
 * `file-service://file-AbC123` or `sediment://file_00000000abcd`.
 */
const ASSET_FILE = /^(file[-_][A-Za-z0-9]+)(?:-(.+))?/;

/** Whether a zip's file is one of its assets (kept in the zip's listing for later reading). */
export function isAssetFile(basename: string): boolean {
  return ASSET_FILE.test(basename);
}

/** The assets of an export zip: each read only when the conversation naming it is stored. */
export function zipAssets(zip: ZipFile): Assets {
  const byId = new Map<string, SourceFile>();
  for (const path of zip.files.keys()) {
    const basename = path.split('/').pop() ?? '';
    const match = ASSET_FILE.exec(basename);
    if (match === null || byId.has(match[1]!)) continue;
    const id = match[1]!;
    byId.set(id, { ref: id, name: match[2] ?? basename, read: (maxBytes) => zip.bytes(path, maxBytes) });
  }
  return (id) => byId.get(id);
}
