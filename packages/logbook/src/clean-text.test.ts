import { describe, expect, it } from 'vitest';
import { cleanText, createTextCleaner, REPLACEMENT } from './clean-text';
import { findInvalidXmlChar } from './entry';

describe('cleanText', () => {
  it('replaces what a logbook cannot hold and keeps everything else', () => {
    expect(cleanText('a\u0000b\u001bc\u0007')).toBe(`a${REPLACEMENT}b${REPLACEMENT}c${REPLACEMENT}`);
    expect(cleanText('tab\tline\ncr\r ok')).toBe('tab\tline\ncr\r ok');
    expect(cleanText('lone \uD800 and \uDC00')).toBe(`lone ${REPLACEMENT} and ${REPLACEMENT}`);
    expect(cleanText('\uFFFE\uFFFF')).toBe(`${REPLACEMENT}${REPLACEMENT}`);
    expect(cleanText('emoji 😀, é, 漢字')).toBe('emoji 😀, é, 漢字');
  });

  it('always gives text a logbook can store', () => {
    const nasty = `${Array.from({ length: 0x110 }, (_, i) => String.fromCharCode(i)).join('')}\uD83D`;
    expect(findInvalidXmlChar(cleanText(nasty))).toBe(-1);
  });
});

describe('createTextCleaner', () => {
  it('joins a surrogate pair split across two pieces', () => {
    const cleaner = createTextCleaner();
    const pieces = [cleaner.push('smile \uD83D'), cleaner.push('\uDE00!'), cleaner.flush()];
    expect(pieces.join('')).toBe('smile 😀!');
  });

  it('replaces a high surrogate that nothing followed', () => {
    const cleaner = createTextCleaner();
    expect(cleaner.push('end \uD83D')).toBe('end ');
    expect(cleaner.flush()).toBe(REPLACEMENT);
  });

  it('cleans each piece as it comes', () => {
    const cleaner = createTextCleaner();
    expect(cleaner.push('a\u0000')).toBe(`a${REPLACEMENT}`);
    expect(cleaner.push('\u0001b')).toBe(`${REPLACEMENT}b`);
  });
});
