import { describe, expect, it } from 'vitest';
import { firstCharacters, INDEXED_CHARS, searchText } from './search-text.js';

describe('searchText', () => {
  it('cuts by characters as SQL counts them, so an astral character is one, never half of one', () => {
    expect(firstCharacters('a😀b', 2)).toBe('a😀');
    expect(firstCharacters('😀😀😀', 2)).toBe('😀😀');
    expect(firstCharacters('short', 10)).toBe('short');
    const text = `${'a'.repeat(INDEXED_CHARS - 1)}😀tail`;
    expect(firstCharacters(text, INDEXED_CHARS)).toBe(`${'a'.repeat(INDEXED_CHARS - 1)}😀`);
    expect(searchText(text).endsWith('a ')).toBe(true);
  });

  it('makes punctuation a space and each CJK character a word of its own', () => {
    expect(searchText('roll-back')).toBe('roll back');
    expect(searchText('私は東京').trim().split(/\s+/)).toEqual(['私', 'は', '東', '京']);
  });
});
