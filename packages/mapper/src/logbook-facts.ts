import { activePath, type Entry, TAGS, type Tag, treeOf } from '@caravanserai/logbook';

export interface Located {
  index: number;
  entry: Entry;
}

/** Every entry with its document index. */
export function located(entries: readonly Entry[]): Located[] {
  return entries.map((entry, index) => ({ entry, index }));
}

/**
 * The logbook's active path (DESIGN 3a: a branched conversation's current line, the whole log when
 * it has no branches), each entry with its document index, which every call names it by.
 */
export function activeLine(entries: readonly Entry[], head: string | null = null): Located[] {
  return activePath(treeOf(entries), head).map((index) => ({ index, entry: entries[index]! }));
}

/**
 * Query entries of `among` (default: the whole log) with no gen entry of the same qid anywhere in
 * the log, in log order. A query without a qid has none; a deleted (blanked) query asks nothing
 * and is left out.
 */
export function unansweredQueries(
  entries: readonly Entry[],
  among: readonly Located[] = located(entries),
): Located[] {
  const answered = new Set(entries.filter((e) => e.tag === 'gen' && e.attrs.qid).map((e) => e.attrs.qid));
  return among.filter(
    ({ entry }) =>
      entry.tag === 'query' &&
      entry.content.trim() !== '' &&
      !(entry.attrs.qid && answered.has(entry.attrs.qid)),
  );
}

export function entriesTagged(entries: readonly Entry[], tag: Tag): Located[] {
  return entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.tag === tag);
}

export function countByTag(entries: readonly Entry[]): Record<Tag, number> {
  const counts = Object.fromEntries(TAGS.map((tag) => [tag, 0])) as Record<Tag, number>;
  for (const entry of entries) counts[entry.tag]++;
  return counts;
}

/** The context entries of `line` before `index`: what was in force when that query was asked. */
export function contextBefore(line: readonly Located[], index: number): string {
  return line
    .filter((l) => l.index < index && l.entry.tag === 'context')
    .map((l) => l.entry.content)
    .join('\n\n');
}
