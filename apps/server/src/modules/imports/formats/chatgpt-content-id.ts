import { createHash } from 'node:crypto';
import { isRecord } from './entry-list.js';

/**
 * An id for a conversation that has none (older exports): a digest of its title, its time and each
 * message's id and content, in key order, so importing the same file again finds the logbook it
 * made. `sha256-` sets it apart from ChatGPT's own ids, which are UUIDs.
 */
export function contentId(record: Record<string, unknown>): string {
  const hash = createHash('sha256');
  const put = (value: unknown) => hash.update(`${JSON.stringify(value ?? null)}\n`);
  put(record.title);
  put(record.create_time);
  const mapping = isRecord(record.mapping) ? record.mapping : {};
  for (const key of Object.keys(mapping).sort()) {
    const node = mapping[key];
    const message = isRecord(node) && isRecord(node.message) ? node.message : {};
    put([key, message.id ?? null, message.content ?? null]);
  }
  return `sha256-${hash.digest('hex').slice(0, 32)}`;
}
