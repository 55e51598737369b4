import { describe, expect, it } from 'vitest';
import { parseSearch } from './search-terms.js';
import { SNIPPET_WORDS, snippet } from './snippet.js';

const cut = (content: string, q: string) => snippet(content, parseSearch(q));

describe('snippet', () => {
  it('marks each hit, whole words only, in the case written', () => {
    expect(cut('The Lighthouse keeper keeps the lighthouses lit.', 'lighthouse')).toBe(
      'The [[Lighthouse]] keeper keeps the lighthouses lit.',
    );
    expect(cut('Plan: roll-back, then roll forward.', 'roll-back')).toBe(
      'Plan: [[roll-back]], then roll forward.',
    );
    expect(cut('deployment and deploy', 'deplo*')).toBe('[[deployment]] and [[deploy]]');
    expect(cut('私は東京に住んでいます', '東京')).toBe('私は[[東京]]に住んでいます');
  });

  it('shows a few dozen words around the hits, where most of them are', () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`);
    words[20] = 'target';
    words[200] = 'target';
    words[205] = 'other';
    const text = cut(words.join(' '), 'target other');
    expect(text.startsWith('… w192 ')).toBe(true);
    expect(text).toContain('[[target]] w201 w202 w203 w204 [[other]]');
    expect(text.endsWith(' …')).toBe(true);
    expect(text.split(' ').length).toBeLessThanOrEqual(SNIPPET_WORDS + 2);
  });

  it('keeps text on one line, shortens endless words, and leaves no markers of its own making', () => {
    expect(cut('a\n\nkey [[x]] here', 'key')).toBe('a [[key]] [ [x] ] here');
    const long = cut(`secret ${'A'.repeat(500)}`, 'secret');
    expect(long.length).toBeLessThan(80);
    expect(cut('no match at all', 'absent')).toBe('no match at all');
  });
});
