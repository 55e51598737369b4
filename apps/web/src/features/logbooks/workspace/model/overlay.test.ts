import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { baseRows, displayRows, fetchedState, isReflected, type PendingOp } from './overlay';

const stored = [
  e('context', 'Be brief.'),
  e('query', 'Why?', { qid: 'q1' }),
  e('gen', 'Because.', { qid: 'q1' }),
];

describe('displayRows', () => {
  it('gives the stored entries unchanged, keeping their identity', () => {
    const base = baseRows(stored);
    const rows = displayRows(base, []);
    expect(rows.map((r) => r.entry)).toEqual(stored);
    expect(rows[0]).toBe(base[0]);
  });

  it('draws re-tags and deletions over their entries and leaves blank entries out', () => {
    const base = baseRows([...stored, e('comment', '')]);
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
    const rows = displayRows(baseRows(stored), ops);
    expect(rows.slice(3).map((r) => [r.key, r.index, r.entry, r.streaming])).toEqual([
      ['p3', null, e('query', 'And then?', { qid: 'q2' }), false],
      ['p4', null, e('gen', 'Then', { qid: 'q2' }), true],
    ]);
  });
});

describe('displayRows: edits, unanswered queries, kept rows', () => {
  it('draws an edit over its entry until it is stored', () => {
    const rows = displayRows(baseRows(stored), [{ id: 1, kind: 'edit', index: 1, content: 'Why not?' }]);
    expect(rows[1]?.entry).toEqual(e('query', 'Why not?', { qid: 'q1' }));
    expect(rows[1]?.pending).toBe(true);
  });

  it('marks a query no answer follows, the same row object each time, until an answer streams in', () => {
    const base = baseRows([...stored, e('query', 'Failed?', { qid: 'q2' }), e('gen', '', { qid: 'q1' })]);
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
    const before = baseRows(stored);
    const after = baseRows([stored[0]!, e('comment', 'Why?', { qid: 'q1' }), stored[2]!], before);
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
    expect(displayRows(baseRows(stored), ops).at(-1)?.entry).toEqual(
      e('gen', 'Again.', { stopped: 'true', qid: 'q1' }),
    );
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
