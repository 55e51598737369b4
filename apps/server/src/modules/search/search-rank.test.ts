import { describe, expect, it } from 'vitest';
import { RANK_CHARS, score } from './search-rank.js';
import { parseSearch } from './search-terms.js';

const rank = (text: string, q: string) => score(text, parseSearch(q));

describe('score', () => {
  it('grows with occurrences, each adding less', () => {
    const one = rank('salt and pepper and more', 'salt');
    const two = rank('salt and salt and more', 'salt');
    const three = rank('salt salt salt and more', 'salt');
    expect(two).toBeGreaterThan(one);
    expect(three).toBeGreaterThan(two);
    expect(three - two).toBeLessThan(two - one);
  });

  it('counts an occurrence in a shorter entry for more', () => {
    expect(rank('salt here', 'salt')).toBeGreaterThan(rank(`salt ${'word '.repeat(200)}`, 'salt'));
  });

  it('prefers the words side by side, and phrases and prefixes count', () => {
    expect(rank('x salt pepper y z w', 'salt pepper')).toBeGreaterThan(
      rank('salt x y z w pepper', 'salt pepper'),
    );
    expect(rank('roll-back now', '"roll back"')).toBeGreaterThan(0);
    expect(rank('deployment done', 'deplo*')).toBeGreaterThan(0);
    expect(rank('東京に住む', '東京')).toBeGreaterThan(0);
    expect(rank('nothing here', 'salt')).toBe(0);
  });

  it('reads only the opening RANK_CHARS characters', () => {
    expect(rank(`${'a '.repeat(RANK_CHARS)} salt`, 'salt')).toBe(0);
  });
});
