import type { Entry } from '@caravanserai/logbook';
import type { PathEntry } from './log-snapshot';

/**
 * A model's thinking as a row draws it (DESIGN 12): above its answer, or on its own when no
 * answer follows it.
 */
export interface RowThought {
  text: string;
  /** How long the model thought, in whole seconds (at least 1); null while it still thinks. */
  seconds: number | null;
  /** The stored comment's document index; null while the answer streams. */
  index: number | null;
}

/** The comment a reasoning model's thinking is stored as, under its query. */
export function isReasoning(entry: Entry): boolean {
  return entry.tag === 'comment' && entry.attrs.kind === 'reasoning';
}

/**
 * Whole seconds of thinking, as the server stores them ('seconds') or as measured here: at least
 * one, so a quick thought never reads "Thought for 0 s".
 */
export function thoughtSeconds(seconds: string | number | undefined): number {
  const value = typeof seconds === 'string' ? Number(seconds) : (seconds ?? Number.NaN);
  return Number.isFinite(value) ? Math.max(1, Math.round(value)) : 1;
}

/** A stored reasoning comment as a row draws it. */
export function storedThought({ index, entry }: PathEntry): RowThought {
  return { text: entry.content, seconds: thoughtSeconds(entry.attrs.seconds), index };
}

const ANSWER_TAGS: ReadonlySet<string> = new Set(['gen', 'mirage']);

/**
 * The reasoning comment an answer of the path follows, when it is drawn with that answer: the
 * answer is the comment's child (the server writes them as one line) and was not deleted. The
 * user then switches answers, not thoughts: the comment's siblings are the answer's versions.
 */
export function thoughtBefore(path: readonly PathEntry[], at: number): PathEntry | null {
  const held = path[at];
  const before = path[at - 1];
  if (!held || !before || !isReasoning(before.entry)) return null;
  const { entry } = held;
  if (!ANSWER_TAGS.has(entry.tag) || entry.content === '') return null;
  const eid = before.entry.attrs.eid;
  return eid !== undefined && held.parent === eid ? before : null;
}
