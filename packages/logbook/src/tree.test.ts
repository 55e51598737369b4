import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from './entry';
import { anEntry } from './test-entries';
import {
  activePath,
  headIndex,
  newEid,
  newestLeafUnder,
  ROOT_PARENT,
  siblingsOf,
  treeOf,
  treeProblem,
  withoutEntries,
} from './tree';
import { parseLog, serializeLog } from './xml';

/**
 * A question answered twice (regenerated), then edited and answered again:
 *
 *   0 context
 *   1 query q1 ── 2 gen a1
 *              └─ 3 gen a2 ── 4 query q2 ── 5 gen b1
 *   6 query q1' (an edit of q1: same parent as q1) ── 7 gen c1
 */
const branched: Entry[] = [
  anEntry('context', 'Be brief.', { eid: 'ctx00000' }),
  anEntry('query', 'Q1', { eid: 'q1000000', qid: 'qa' }),
  anEntry('gen', 'A1', { eid: 'a1000000', parent: 'q1000000', qid: 'qa' }),
  anEntry('gen', 'A2', { eid: 'a2000000', parent: 'q1000000', qid: 'qa' }),
  anEntry('query', 'Q2', { eid: 'q2000000', qid: 'qb' }),
  anEntry('gen', 'B1', { eid: 'b1000000', qid: 'qb' }),
  anEntry('query', "Q1'", { eid: 'q1e00000', parent: 'ctx00000', qid: 'qc' }),
  anEntry('gen', 'C1', { eid: 'c1000000', qid: 'qc' }),
];

describe('a log without eids or parents', () => {
  it('is one branch: every entry follows the one before it, and the last is the head', () => {
    const entries = [anEntry('context', 'c'), anEntry('query', 'q'), anEntry('gen', 'a')];
    expect(treeProblem(entries)).toBeNull();
    const tree = treeOf(entries);
    expect(activePath(tree, null)).toEqual([0, 1, 2]);
    expect(siblingsOf(tree, 2)).toEqual([2]);
    expect(newestLeafUnder(tree, 0)).toBe(2);
  });

  it('has no path when it has no entries', () => {
    expect(activePath(treeOf([]), null)).toEqual([]);
    expect(headIndex(treeOf([]), 'anything')).toBe(-1);
  });
});

describe('a branched log', () => {
  const tree = treeOf(branched);

  it('follows the head back to the root', () => {
    expect(activePath(tree, null)).toEqual([0, 6, 7]);
    expect(activePath(tree, 'b1000000')).toEqual([0, 1, 3, 4, 5]);
    expect(activePath(tree, 'a1000000')).toEqual([0, 1, 2]);
  });

  it('takes the last entry when the head names none', () => {
    expect(activePath(tree, 'zzzzzzzz')).toEqual([0, 6, 7]);
  });

  it('finds the siblings of an entry, in document order', () => {
    expect(siblingsOf(tree, 2)).toEqual([2, 3]);
    expect(siblingsOf(tree, 1)).toEqual([1, 6]);
    expect(siblingsOf(tree, 4)).toEqual([4]);
  });

  it('selects a branch at its newest leaf', () => {
    expect(newestLeafUnder(tree, 1)).toBe(5);
    expect(newestLeafUnder(tree, 2)).toBe(2);
    expect(newestLeafUnder(tree, 6)).toBe(7);
    expect(newestLeafUnder(tree, 0)).toBe(7);
  });

  it('keeps its shape through the XML document', () => {
    const again = parseLog(serializeLog(branched));
    expect(treeProblem(again)).toBeNull();
    expect(activePath(treeOf(again), 'b1000000')).toEqual([0, 1, 3, 4, 5]);
  });
});

describe('treeProblem', () => {
  it('refuses an eid of the wrong form, a repeated eid and a parent not written before', () => {
    expect(treeProblem([anEntry('query', 'q', { eid: 'SHOUTING' })])).toBe(
      'Entry 0: eid "SHOUTING" is not 8 characters from a-z and 0-9.',
    );
    expect(
      treeProblem([anEntry('query', 'q', { eid: 'aaaaaaaa' }), anEntry('gen', 'a', { eid: 'aaaaaaaa' })]),
    ).toBe('Entry 1: eid "aaaaaaaa" is also the eid of entry 0.');
    expect(
      treeProblem([anEntry('query', 'q', { parent: 'bbbbbbbb' }), anEntry('gen', 'a', { eid: 'bbbbbbbb' })]),
    ).toBe('Entry 0: parent "bbbbbbbb" names no entry before it.');
    expect(treeProblem([anEntry('query', 'q', { eid: 'cccccccc', parent: 'cccccccc' })])).toBe(
      'Entry 0: parent "cccccccc" names no entry before it.',
    );
  });

  it('makes eids of the right form, never one that begins with a digit', () => {
    for (let i = 0; i < 100; i++) expect(newEid()).toMatch(/^[a-z][a-z0-9]{7}$/);
  });

  it("takes parent '' as a root written after other entries (an edited first question)", () => {
    const entries = [
      anEntry('query', 'Q', { eid: 'qqqqqqqq' }),
      anEntry('gen', 'A', { eid: 'aaaaaaaa' }),
      anEntry('query', "Q'", { eid: 'rrrrrrrr', parent: '' }),
    ];
    expect(treeProblem(entries)).toBeNull();
    const tree = treeOf(entries);
    expect(Array.from(tree.parents)).toEqual([-1, 0, -1]);
    expect(activePath(tree, null)).toEqual([2]);
    expect(siblingsOf(tree, 2)).toEqual([0, 2]);
  });
});

/** Random trees: each entry either follows the one before it or names an earlier entry as parent. */
const randomTree = fc
  .array(fc.option(fc.nat(), { nil: undefined }), { minLength: 1, maxLength: 60 })
  .map((choices) =>
    choices.map((choice, index): Entry => {
      const eid = `e${index.toString().padStart(7, '0')}`;
      const attrs: Record<string, string> = { eid };
      if (choice !== undefined && index > 0)
        attrs.parent = `e${(choice % index).toString().padStart(7, '0')}`;
      return anEntry(index % 2 === 0 ? 'query' : 'gen', `entry ${index}`, attrs);
    }),
  );

describe('any tree', () => {
  it('has an active path from a root to the head, each step a parent', () => {
    fc.assert(
      fc.property(randomTree, fc.nat(), (entries, pick) => {
        expect(treeProblem(entries)).toBeNull();
        const tree = treeOf(entries);
        const head = entries[pick % entries.length]!.attrs.eid!;
        const path = activePath(tree, head);
        expect(path.at(-1)).toBe(pick % entries.length);
        expect(tree.parents[path[0]!]).toBe(-1);
        for (let i = 1; i < path.length; i++) expect(tree.parents[path[i]!]).toBe(path[i - 1]);
      }),
    );
  });

  it('selects, under any entry, a leaf of its subtree written after every other one of it', () => {
    fc.assert(
      fc.property(randomTree, fc.nat(), (entries, pick) => {
        const tree = treeOf(entries);
        const under = pick % entries.length;
        const leaf = newestLeafUnder(tree, under);
        expect(activePath(tree, entries[leaf]!.attrs.eid).includes(under)).toBe(true);
        expect(Array.from(tree.parents).includes(leaf)).toBe(false);
        for (let other = leaf + 1; other < entries.length; other++) {
          expect(activePath(tree, entries[other]!.attrs.eid).includes(under)).toBe(false);
        }
      }),
    );
  });
});

describe('withoutEntries', () => {
  it('keeps the tree when entries go: their children follow the nearest ancestor that stays', () => {
    // 0 Q1 ── 1 A1 ── 2 Q2
    //      └─ 3 A1' ── 4 Q3 ── 5 A3
    const entries = [
      anEntry('query', 'Q1', { eid: 'q1000000' }),
      anEntry('gen', 'A1', { eid: 'a1000000' }),
      anEntry('query', 'Q2', { eid: 'q2000000' }),
      anEntry('gen', "A1'", { eid: 'a1e00000', parent: 'q1000000' }),
      anEntry('query', 'Q3', { eid: 'q3000000' }),
      anEntry('gen', 'A3', { eid: 'a3000000' }),
    ];
    const kept = withoutEntries(entries, (e) => e.tag === 'gen');
    expect(kept.map((e) => [e.content, e.attrs.parent])).toEqual([
      ['Q1', undefined],
      ['Q2', undefined],
      ['Q3', 'q1000000'],
    ]);
    expect(treeProblem(kept)).toBeNull();
    expect(activePath(treeOf(kept), null)).toEqual([0, 2]);
    // Without the first root, what followed it becomes a root; a later root says so.
    const rootless = withoutEntries(entries, (e) => e.content === 'Q1');
    expect(rootless.map((e) => e.attrs.parent)).toEqual([
      undefined,
      undefined,
      ROOT_PARENT,
      undefined,
      undefined,
    ]);
    expect(treeProblem(rootless)).toBeNull();
  });
});
