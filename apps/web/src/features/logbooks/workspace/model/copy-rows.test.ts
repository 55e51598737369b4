import type { Entry } from '@caravanserai/logbook';
import { describe, expect, it } from 'vitest';
import { copyRows } from './copy-rows';

const entry = (tag: Entry['tag'], content: string, attrs: Record<string, string> = {}): Entry => ({
  tag,
  attrs,
  content,
});

describe('copyRows', () => {
  it('gives one row per entry, keyed and indexed by its place in the copy', () => {
    const sut = copyRows([entry('query', 'Where is Samarkand?'), entry('gen', 'On the Zarafshan.')]);
    expect(sut.map((row) => [row.key, row.index, row.entry.tag])).toEqual([
      ['c0', 0, 'query'],
      ['c1', 1, 'gen'],
    ]);
    expect(sut.every((row) => !row.pending && !row.streaming)).toBe(true);
  });

  it('draws a model’s thinking with the answer that follows it', () => {
    const sut = copyRows([
      entry('query', 'How far?'),
      entry('comment', 'Counting the stages…', { kind: 'reasoning', seconds: '4' }),
      entry('gen', 'About 300 km.'),
    ]);
    expect(sut).toHaveLength(2);
    expect(sut[1]?.entry.content).toBe('About 300 km.');
    expect(sut[1]?.thought).toEqual({ text: 'Counting the stages…', seconds: 4, index: 1 });
  });

  it('keeps thinking no answer follows as a row of its own', () => {
    const sut = copyRows([entry('comment', 'Hmm.', { kind: 'reasoning' }), entry('query', 'Next?')]);
    expect(sut.map((row) => row.entry.tag)).toEqual(['comment', 'query']);
    expect(sut[0]?.thought?.text).toBe('Hmm.');
  });
});
