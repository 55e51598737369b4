import type { Entry } from '@caravanserai/logbook';
import { describe, expect, it } from 'vitest';
import { baseRows, displayRows, fetchedState, isReflected, type PendingOp } from './overlay';

const e = (tag: Entry['tag'], content: string, attrs: Record<string, string> = {}): Entry => ({
  tag,
  attrs,
  content,
});

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
  });
});
