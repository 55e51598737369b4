import type { SourceFile } from './conversation.js';
import { type EntryList, isRecord, type TurnAttrs } from './entry-list.js';
import type { Assets } from './export-assets.js';

/**
 * A ChatGPT message's `parts` as entries: its text joined, and its files (images, uploads) carried
 * where the export holds them, or noted where it does not.
 */

export function label(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The asset's id: `file-service://file-abc` -> `file-abc`. */
function assetId(part: Record<string, unknown>): string {
  return label(part.asset_pointer).replace(/^[a-z-]+:\/\//, '');
}

/** Files the message names (`metadata.attachments`), by id: their names are nicer than ids. */
function attachmentsOf(metadata: Record<string, unknown>): Map<string, { name: string; image: boolean }> {
  const found = new Map<string, { name: string; image: boolean }>();
  const attachments = Array.isArray(metadata.attachments) ? metadata.attachments : [];
  for (const attachment of attachments) {
    if (!isRecord(attachment)) continue;
    const id = label(attachment.id);
    const mime = label(attachment.mime_type ?? attachment.mimeType);
    found.set(id || `#${found.size}`, {
      name: label(attachment.name) || id,
      image: mime.startsWith('image/'),
    });
  }
  return found;
}

/** Where a message's files go: held for its question, or noted in place as the entries go. */
export interface FilesInto {
  assets: Assets;
  /** A question's files, gathered to go on it; null: each is noted where it was. */
  held: SourceFile[] | null;
}

/**
 * Text parts joined; every part that is a file is carried when the export holds it (on the
 * question, or as a note in place), else noted in place as missing, named as the message's
 * attachments name it. Attachments no part shows (documents) come first.
 */
export function partsInto(
  list: EntryList,
  message: { parts: unknown[]; metadata: Record<string, unknown> },
  attrs: TurnAttrs,
  write: (text: string) => void,
  files: FilesInto,
): void {
  const attachments = attachmentsOf(message.metadata);
  const shown = new Set(
    message.parts.flatMap((part) =>
      isRecord(part) && typeof part.asset_pointer === 'string' ? [assetId(part)] : [],
    ),
  );
  let pending: string[] = [];
  const flush = () => {
    write(pending.join('\n\n'));
    pending = [];
  };
  const file = (kind: 'Image' | 'File', id: string, name: string) => {
    const held = files.assets(id);
    if (held !== undefined && files.held !== null) {
      files.held.push({ ...held, name });
      return;
    }
    flush();
    if (held === undefined) list.missing(kind, name, attrs);
    else list.attached(kind, { ...held, name }, attrs);
  };
  for (const [id, attachment] of attachments) {
    if (!shown.has(id)) file(attachment.image ? 'Image' : 'File', id, attachment.name);
  }
  for (const part of message.parts) {
    if (typeof part === 'string') {
      if (part.trim() !== '') pending.push(part);
      continue;
    }
    if (!isRecord(part)) continue;
    const type = label(part.content_type);
    const id = assetId(part);
    const name = attachments.get(id)?.name ?? (files.assets(id)?.name || id);
    if (typeof part.text === 'string' && part.text.trim() !== '') pending.push(part.text);
    else if (type.includes('image')) file('Image', id, name);
    else if (type.includes('audio') || type.includes('video')) {
      flush();
      list.missing(type.includes('audio') ? 'Audio' : 'File', name, attrs);
    }
  }
  flush();
}
