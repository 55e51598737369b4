import { describe, expect, it } from 'vitest';
import { isTag, TAGS } from './tags';

describe('isTag', () => {
  it('accepts every approved tag', () => {
    for (const tag of TAGS) expect(isTag(tag)).toBe(true);
  });

  it.each(['logbook', 'Query', '', 'toString', '__proto__'])('refuses %j', (value) => {
    expect(isTag(value)).toBe(false);
  });
});
