import type { LogRow } from '../../model/overlay';

/** The space between two rows of the log. */
export const ROW_GAP = 8;

/** A cheap guess of a row's height from its text, so the scrollbar is about right before rows are measured. */
export function estimateHeight(row: LogRow | undefined): number {
  if (!row) return 80;
  const text = row.entry.content;
  let lines = 1;
  let column = 0;
  for (let i = 0; i < text.length && lines < 400; i++) {
    if (text.charCodeAt(i) === 10 || column >= 90) {
      lines++;
      column = 0;
    } else column++;
  }
  return 58 + lines * 24;
}

/** Where the window would be scrolled to show the last rows, by their estimated heights. */
export function estimatedEnd(rows: readonly LogRow[]): number {
  let total = 0;
  for (const row of rows) total += estimateHeight(row) + ROW_GAP;
  return Math.max(0, total - window.innerHeight);
}
