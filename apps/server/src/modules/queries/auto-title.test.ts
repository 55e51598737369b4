import { describe, expect, it } from 'vitest';
import { cleanTitle, MAX_TITLE_CHARS } from './auto-title.js';

describe('a title as the model writes it', () => {
  it.each([
    ['Train to Samarkand', 'Train to Samarkand'],
    ['"Train to Samarkand."', 'Train to Samarkand'],
    ['Title: Train to Samarkand', 'Train to Samarkand'],
    ['**Train to Samarkand**', 'Train to Samarkand'],
    ['# Train to Samarkand\nA note the model added', 'Train to Samarkand'],
    ['\n\n  “Silk Road   trains”  ', 'Silk Road trains'],
    ['', ''],
    ['"."', ''],
  ])('%j becomes %j', (raw, title) => expect(cleanTitle(raw)).toBe(title));

  it('is cut at a word when too long', () => {
    const title = cleanTitle('word '.repeat(40));
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(title.endsWith('word')).toBe(true);
  });

  it('drops what a logbook cannot store', () => {
    expect(cleanTitle('Trip\u0000 plans')).toBe('Trip plans');
  });
});
