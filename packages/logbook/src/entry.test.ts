import { describe, expect, it } from 'vitest';
import { findInvalidXmlChar, newQid, validateEntry } from './entry';
import type { Tag } from './tags';
import { anEntry } from './test-entries';

describe('newQid', () => {
  it('gives 8 characters from [a-z0-9]', () => {
    for (let i = 0; i < 200; i++) expect(newQid()).toMatch(/^[a-z0-9]{8}$/);
  });

  it('uses the whole alphabet and does not repeat', () => {
    const ids = Array.from({ length: 2000 }, newQid);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.join('')).size).toBe(36);
  });
});

describe('findInvalidXmlChar', () => {
  it.each([
    ['', -1],
    ['plain text', -1],
    ['tab\tnewline\ncr\r', -1],
    ['astral 😀 and \uFFFD \uE000 \uD7FF', -1],
    ['a\u0000b', 1],
    ['ab\u001F', 2],
    ['x\u000B', 1],
    ['lone high \uD800 here', 10],
    ['lone low \uDC00', 9],
    ['reversed \uDE00\uD83D', 9],
    ['\uFFFE', 0],
    ['ok \uFFFF', 3],
  ])('%j -> %i', (text, index) => {
    expect(findInvalidXmlChar(text)).toBe(index);
  });
});

describe('validateEntry', () => {
  it('accepts an ordinary entry', () => {
    expect(validateEntry(anEntry('query', 'Is <b> & "x" safe?', { qid: 'k3f9a1zq' }))).toBeNull();
  });

  it('names an unknown tag', () => {
    expect(validateEntry(anEntry('foo' as Tag, 'x'))).toMatch(/Unknown tag "foo"/);
  });

  it.each(['1st', 'xml:lang', 'a b', '', 'é'])('refuses attribute name %j', (name) => {
    expect(validateEntry(anEntry('gen', 'x', { [name]: 'v' }))).toMatch(/Invalid attribute name/);
  });

  it('accepts names a JavaScript object would treat specially', () => {
    const attrs = Object.fromEntries([
      ['__proto__', 'a'],
      ['constructor', 'b'],
    ]);
    expect(validateEntry(anEntry('gen', 'x', attrs))).toBeNull();
  });

  it('reports where an invalid character is', () => {
    expect(validateEntry(anEntry('gen', 'ab\u0000'))).toBe(
      'Invalid character U+0000 at index 2 in <gen> content.',
    );
    expect(validateEntry(anEntry('gen', '', { qid: '\uD800' }))).toBe(
      'Invalid character U+D800 at index 0 in attribute "qid" of <gen>.',
    );
  });
});
