import type { Entry } from './entry';
import type { Tag } from './tags';

/** Builds an entry for tests; attributes default to none. */
export function anEntry(tag: Tag, content: string, attrs: Record<string, string> = {}): Entry {
  return { tag, attrs, content };
}
