import { type Entry, TAGS, type Tag } from '@caravanserai/logbook';

export interface Located {
  index: number;
  entry: Entry;
}

/**
 * Query entries with no gen entry of the same qid, in log order. A query without a qid has none;
 * a deleted (blanked) query asks nothing and is left out.
 */
export function unansweredQueries(entries: readonly Entry[]): Located[] {
  const answered = new Set(entries.filter((e) => e.tag === 'gen' && e.attrs.qid).map((e) => e.attrs.qid));
  return entries
    .map((entry, index) => ({ entry, index }))
    .filter(
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

/** The context entries written before `index`: what was in force when that query was asked. */
export function contextBefore(entries: readonly Entry[], index: number): string {
  return entries
    .slice(0, index)
    .filter((e) => e.tag === 'context')
    .map((e) => e.content)
    .join('\n\n');
}
