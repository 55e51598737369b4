import type { CaravanUsage } from '@caravanserai/api';

/**
 * Usage grouped by well is keyed by well id: the wells the caravan shares are named by their titles
 * instead (with the id too when two share a title, so every row stays distinct). A well no longer
 * shared keeps its id.
 */
export function withWellTitles(usage: CaravanUsage, titles: ReadonlyMap<string, string>): CaravanUsage {
  if (usage.group_by !== 'well') return usage;
  const counts = new Map<string, number>();
  for (const row of usage.rows) {
    const title = titles.get(row.key);
    if (title !== undefined) counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  return {
    ...usage,
    rows: usage.rows.map((row) => {
      const title = titles.get(row.key);
      if (title === undefined) return row;
      return { ...row, key: (counts.get(title) ?? 0) > 1 ? `${title} (${row.key})` : title };
    }),
  };
}
