import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { branchChoice, parentFor } from './branch-view';
import type { PathEntry } from './log-snapshot';

/** An entry of the path with its eid, the entry it follows, and its siblings. */
function held(eid: string | undefined, parent: string | null, siblings: readonly string[]): PathEntry {
  const attrs: Record<string, string> = eid === undefined ? {} : { eid };
  return { index: 0, entry: e('query', 'Q', attrs), parent, siblings, files: [] };
}

describe('branchChoice', () => {
  it('says where an entry stands among its siblings, oldest first', () => {
    const siblings = ['q0000000', 'q1000000', 'q2000000'];
    expect(branchChoice(held('q0000000', 'ctx00000', siblings))).toEqual({
      position: 1,
      count: 3,
      previous: null,
      next: 'q1000000',
    });
    expect(branchChoice(held('q1000000', 'ctx00000', siblings))).toEqual({
      position: 2,
      count: 3,
      previous: 'q0000000',
      next: 'q2000000',
    });
    expect(branchChoice(held('q2000000', null, siblings))).toEqual({
      position: 3,
      count: 3,
      previous: 'q1000000',
      next: null,
    });
  });

  it('offers no choice to an entry without siblings', () => {
    expect(branchChoice(held('q0000000', 'ctx00000', ['q0000000']))).toBeNull();
    expect(branchChoice(held('q0000000', 'ctx00000', []))).toBeNull();
  });

  it('offers none to an entry that is not among its siblings (a deleted one), or has no eid', () => {
    expect(branchChoice(held('q9000000', 'ctx00000', ['q0000000', 'q1000000']))).toBeNull();
    expect(branchChoice(held(undefined, 'ctx00000', ['q0000000', 'q1000000']))).toBeNull();
  });
});

describe('parentFor', () => {
  it("gives the parent a new version of an entry follows: its own, or '' for a first entry", () => {
    expect(parentFor(held('q1000000', 'ctx00000', ['q1000000']))).toBe('ctx00000');
    expect(parentFor(held('ctx00000', null, ['ctx00000']))).toBe('');
  });
});
