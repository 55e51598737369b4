import type { Entry } from '@caravanserai/logbook';
import type { EntryActions } from './entry-actions';
import type { LogRow } from './overlay';
import { isReasoning, type RowThought, thoughtSeconds } from './reasoning';

const ANSWER_TAGS: ReadonlySet<string> = new Set(['gen', 'mirage']);

function thoughtOf(entry: Entry, index: number): RowThought {
  return { text: entry.content, seconds: thoughtSeconds(entry.attrs.seconds), index };
}

/**
 * The rows of a copy of a log (a published version: one line of entries without ids), as the
 * workspace draws its own: a model's thinking above the answer that follows it, or on its own
 * line when none does.
 */
export function copyRows(entries: readonly Entry[]): LogRow[] {
  const rows: LogRow[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    const next = entries[index + 1];
    const base = { pending: false, streaming: false };
    if (isReasoning(entry) && next && ANSWER_TAGS.has(next.tag) && next.content !== '') {
      rows.push({
        ...base,
        key: `c${index + 1}`,
        index: index + 1,
        entry: next,
        thought: thoughtOf(entry, index),
      });
      index++;
      continue;
    }
    rows.push({
      ...base,
      key: `c${index}`,
      index,
      entry,
      ...(isReasoning(entry) && { thought: thoughtOf(entry, index) }),
    });
  }
  return rows;
}

const nothing = () => undefined;

/** A copy is read, never changed: its rows' buttons other than Copy are not drawn, so these are never called. */
export const READ_ONLY_ACTIONS: EntryActions = {
  toggle: nothing,
  remove: nothing,
  edit: nothing,
  cancelEdit: nothing,
  draft: nothing,
  keepDraft: nothing,
  save: async () => false,
  ask: nothing,
  continueAnswer: nothing,
  switchBranch: nothing,
};
