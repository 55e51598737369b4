import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { branchView, leafUnder, parentFor } from './branch-view';

// 0 context ── 1 query Q ── 2 gen A1 ── 3 query F (a follow-up on A1)
//                        └─ 4 gen A2
//           └─ 5 query Q' (Q edited) ── 6 gen A'
const TREE = [
  e('context', 'Be brief.', { eid: 'ctx00000' }),
  e('query', 'Q', { eid: 'q0000000' }),
  e('gen', 'A1', { eid: 'a1000000' }),
  e('query', 'F', { eid: 'f0000000' }),
  e('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
  e('query', "Q'", { eid: 'q1000000', parent: 'ctx00000' }),
  e('gen', "A'", { eid: 'ae000000' }),
];

describe('branchView', () => {
  it('draws the path to the head, with a choice where an entry has siblings', () => {
    const view = branchView(TREE, 'f0000000');
    expect([...view.onPath]).toEqual([0, 1, 2, 3]);
    expect(view.choices.get(1)).toEqual({ position: 1, count: 2, previous: null, next: 'q1000000' });
    expect(view.choices.get(2)).toEqual({ position: 1, count: 2, previous: null, next: 'a2000000' });
    expect(view.choices.has(3)).toBe(false);
  });

  it('takes the last entry when there is no head', () => {
    const view = branchView(TREE, null);
    expect([...view.onPath]).toEqual([0, 5, 6]);
    expect(view.choices.get(5)).toEqual({ position: 2, count: 2, previous: 'q0000000', next: null });
  });

  it('offers no deleted (blank) sibling', () => {
    const blanked = TREE.map((entry, i) => (i === 4 ? { ...entry, content: '' } : entry));
    expect(branchView(blanked, 'f0000000').choices.has(2)).toBe(false);
  });
});

describe('leafUnder and parentFor', () => {
  it('finds the newest entry under a chosen one, and what an edit follows', () => {
    expect(leafUnder(TREE, 'q0000000')).toBe('a2000000');
    expect(leafUnder(TREE, 'a1000000')).toBe('f0000000');
    expect(leafUnder(TREE, 'nothere0')).toBeNull();
    expect(parentFor(TREE, 5)).toBe('ctx00000');
    expect(parentFor(TREE, 0)).toBe('');
  });
});
