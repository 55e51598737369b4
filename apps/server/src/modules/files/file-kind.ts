import type { FileKind } from '@caravanserai/api';
import { fileTypeFromBuffer } from 'file-type';

/** What the bytes of an upload are: its kind and the media type it is served as. */
export interface ReadKind {
  kind: FileKind;
  mediaType: string;
}

/** The binary types taken, by the media type file-type reads from their bytes. */
const BINARY: Record<string, FileKind> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'application/pdf': 'pdf',
};

/** What the 415 says is allowed. */
export const ALLOWED_FILES =
  'Only PNG, JPEG, WebP and GIF images, PDF documents and UTF-8 text files (plain text, Markdown, CSV, JSON, source code) can be attached.';

/** Text files by their name's ending: what they are served as (anything else is plain text). */
const TEXT_TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The kind of an upload, read from its bytes (DESIGN 3a): the name only picks among text types,
 * never makes bytes into something they are not. Null for anything else, SVG included (text that
 * a browser would run) and anything executable (file-type knows it as a binary type).
 */
export async function readKind(bytes: Uint8Array, name: string): Promise<ReadKind | null> {
  let found: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    found = await fileTypeFromBuffer(bytes);
  } catch {
    // Bytes that confuse the reader (a broken container) are no kind it takes.
    return null;
  }
  if (found !== undefined) {
    const kind = BINARY[found.mime];
    return kind === undefined ? null : { kind, mediaType: found.mime };
  }
  const text = asText(bytes);
  if (text === null || looksLikeMarkup(text)) return null;
  const ending = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return { kind: 'text', mediaType: TEXT_TYPES[ending] ?? 'text/plain' };
}

/** UTF-8 text with no NUL or other control bytes than tab, line ends and form feed. */
function asText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text) ? null : text;
}

/** SVG (an image format that carries script), whatever its name. */
function looksLikeMarkup(text: string): boolean {
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4096)
    .toLowerCase();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(start);
}
