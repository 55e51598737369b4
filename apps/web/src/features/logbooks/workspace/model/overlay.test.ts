import type { Entry } from '@caravanserai/logbook';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import type { PathEntry } from './log-snapshot';
import { baseRows, displayRows, fetchedState, isReflected, type PendingOp } from './overlay';

const stored = [
  e('context', 'Be brief.'),
  e('query', 'Why?', { qid: 'q1' }),
  e('gen', 'Because.', { qid: 'q1' }),
];

/** The entries as a path, at document indices `indices` (their positions when not given). */
function pathOf(entries: readonly Entry[], indices = entries.map((_, i) => i)): PathEntry[] {
  return entries.map((entry, i) => {
    const eid = entry.attrs.eid;
    return { index: indices[i]!, entry, parent: null, siblings: eid ? [eid] : [], files: [] };
  });
}

describe('displayRows', () => {
  it('gives the stored entries unchanged, keeping their identity', () => {
    const base = baseRows(pathOf(stored));
    const rows = displayRows(base, []);
    expect(rows.map((r) => r.entry)).toEqual(stored);
    expect(rows[0]).toBe(base[0]);
  });

  it('draws re-tags and deletions over their entries and leaves blank entries out', () => {
    const base = baseRows(pathOf([...stored, e('comment', '')]));
    const ops: PendingOp[] = [
      { id: 1, kind: 'retag', index: 2, tag: 'mirage' },
      { id: 2, kind: 'blank', index: 0 },
    ];
    const rows = displayRows(base, ops);
    expect(rows.map((r) => [r.index, r.entry.tag, r.pending])).toEqual([
      [1, 'query', false],
      [2, 'mirage', true],
    ]);
    // Only the changed row is new.
    expect(rows[0]).toBe(base[1]);
  });

  it('appends pending entries and the answer being streamed, in order', () => {
    const ops: PendingOp[] = [
      { id: 3, kind: 'append', entry: e('query', 'And then?', { qid: 'q2' }) },
      { id: 4, kind: 'answer', qid: 'q2', content: 'Then', streaming: true },
    ];
    const rows = displayRows(baseRows(pathOf(stored)), ops);
    expect(rows.slice(3).map((r) => [r.key, r.index, r.entry, r.streaming])).toEqual([
      ['p3', null, e('query', 'And then?', { qid: 'q2' }), false],
      ['p4', null, e('gen', 'Then', { qid: 'q2' }), true],
    ]);
  });
});

describe('displayRows: edits, unanswered queries, kept rows', () => {
  it('draws an edit over its entry until it is stored', () => {
    const rows = displayRows(baseRows(pathOf(stored)), [
      { id: 1, kind: 'edit', index: 1, content: 'Why not?' },
    ]);
    expect(rows[1]?.entry).toEqual(e('query', 'Why not?', { qid: 'q1' }));
    expect(rows[1]?.pending).toBe(true);
  });

  it('marks a query no answer follows, the same row object each time, until an answer streams in', () => {
    const base = baseRows(
      pathOf([...stored, e('query', 'Failed?', { qid: 'q2' }), e('gen', '', { qid: 'q1' })]),
    );
    const first = displayRows(base, []);
    expect(first.map((r) => r.unanswered ?? false)).toEqual([false, false, false, true]);
    expect(displayRows(base, [])[3]).toBe(first[3]);
    const retrying = displayRows(base, [{ id: 1, kind: 'answer', qid: 'q2', content: '', streaming: true }]);
    expect(retrying[3]?.unanswered).toBeUndefined();
    // A query whose answer was deleted is unanswered again.
    const deleted = displayRows(base, [{ id: 2, kind: 'blank', index: 2 }]);
    expect(deleted[1]?.unanswered).toBe(true);
  });

  it('keeps the rows of unchanged entries when the log changes', () => {
    const path = pathOf(stored);
    const before = baseRows(path);
    const after = baseRows(
      [path[0]!, { ...path[1]!, entry: e('comment', 'Why?', { qid: 'q1' }) }, path[2]!],
      before,
    );
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).toBe(before[2]);
  });

  it('draws a stored answer with its marks until the log shows it', () => {
    const ops: PendingOp[] = [
      {
        id: 5,
        kind: 'answer',
        qid: 'q1',
        content: 'Again.',
        streaming: false,
        attrs: { stopped: 'true' },
        version: 9,
      },
    ];
    expect(displayRows(baseRows(pathOf(stored)), ops).at(-1)?.entry).toEqual(
      e('gen', 'Again.', { stopped: 'true', qid: 'q1' }),
    );
  });
});

describe('baseRows: the active path', () => {
  const branched = [
    e('context', 'Be brief.', { eid: 'ctx00000' }),
    e('query', 'Why? (edited)', { qid: 'q2', eid: 'q2000000' }),
    e('gen', 'So.', { qid: 'q2', eid: 'a2000000' }),
  ];
  // The edited question (document index 5) beside the first (index 1), and its answer.
  const path = pathOf(branched, [0, 5, 6]).map((held, i) =>
    i === 1 ? { ...held, siblings: ['q1000000', 'q2000000'] } : held,
  );

  it('keys rows by document index and gives the arrows of entries with siblings', () => {
    const rows = baseRows(path);
    expect(rows.map((row) => [row.key, row.index])).toEqual([
      ['e0', 0],
      ['e5', 5],
      ['e6', 6],
    ]);
    expect(rows[1]?.branch).toEqual({ position: 2, count: 2, previous: 'q1000000', next: null });
    expect(rows[0]).not.toHaveProperty('branch');
  });

  it('draws changes over the entry at their document index, and none for an entry not held', () => {
    const base = baseRows(path);
    const ops: PendingOp[] = [
      { id: 1, kind: 'edit', index: 6, content: 'Just so.' },
      { id: 2, kind: 'retag', index: 2, tag: 'mirage' },
    ];
    const rows = displayRows(base, ops);
    expect(rows.map((row) => row.entry.content)).toEqual(['Be brief.', 'Why? (edited)', 'Just so.']);
    expect(rows.map((row) => row.entry.tag)).toEqual(['context', 'query', 'gen']);
    expect(rows[1]).toBe(base[1]);
  });

  it('draws a row again when its siblings change, and keeps it when they do not', () => {
    const before = baseRows(path);
    const again = baseRows(
      path.map((held, i) => (i === 2 ? { ...held, siblings: ['a2000000', 'a3000000'] } : held)),
      before,
    );
    expect(again[1]).toBe(before[1]);
    expect(again[2]).not.toBe(before[2]);
    expect(again[2]?.branch).toEqual({ position: 1, count: 2, previous: null, next: 'a3000000' });
  });

  it('keeps the rows held when an older page comes before them', () => {
    const newest = baseRows(path.slice(1));
    const all = baseRows(path, newest);
    expect(all.slice(1)).toEqual(newest);
    expect(all[1]).toBe(newest[0]);
    expect(all[2]).toBe(newest[1]);
  });
});

describe('isReflected', () => {
  const fetched = fetchedState(stored, 7, 1_000);

  it('is true once the fetched version reaches the write’s', () => {
    expect(isReflected({ id: 1, kind: 'retag', index: 0, tag: 'gen', version: 7 }, fetched)).toBe(true);
    expect(isReflected({ id: 1, kind: 'retag', index: 0, tag: 'gen', version: 8 }, fetched)).toBe(false);
    expect(isReflected({ id: 1, kind: 'retag', index: 0, tag: 'gen' }, fetched)).toBe(false);
  });

  it('uses the fetch time for a write that settled without a version', () => {
    const failed: PendingOp = {
      id: 2,
      kind: 'append',
      entry: e('query', 'x', { qid: 'zz' }),
      settledAt: 900,
    };
    expect(isReflected(failed, fetched)).toBe(true);
    expect(isReflected({ ...failed, settledAt: 1_100 }, fetched)).toBe(false);
  });

  it('recognises a query or a finished answer by its qid before the call returns', () => {
    expect(isReflected({ id: 3, kind: 'append', entry: e('query', 'Why?', { qid: 'q1' }) }, fetched)).toBe(
      true,
    );
    expect(isReflected({ id: 4, kind: 'answer', qid: 'q1', content: 'B', streaming: false }, fetched)).toBe(
      true,
    );
    expect(isReflected({ id: 4, kind: 'answer', qid: 'q1', content: 'B', streaming: true }, fetched)).toBe(
      false,
    );
    // A new answer to a query answered before is known by its version only.
    const regenerated: PendingOp = {
      id: 5,
      kind: 'answer',
      qid: 'q1',
      content: 'C',
      streaming: false,
      version: 8,
    };
    expect(isReflected(regenerated, fetched)).toBe(false);
    expect(isReflected(regenerated, fetchedState(stored, 8, 1_000))).toBe(true);
  });
});
