import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Entry, findInvalidXmlChar } from './entry';
import { TAGS } from './tags';
import { parseLog, serializeLog } from './xml';

/** One character XML can hold, weighted towards the ones escaping and parsing get wrong. */
const xmlChar = fc
  .oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('&', '<', '>', '"', "'", '\r', '\n', '\t', ' ', '\r\n', ';', '#'),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('&amp;', '&#13;', ']]>', '<![CDATA[', '<!--', '😀', '\uFFFD', '\u00A0'),
    },
  )
  .filter((unit) => findInvalidXmlChar(unit) === -1);

const xmlText = fc.string({ unit: xmlChar, maxLength: 40 });

const attrName = fc.oneof(
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/),
  fc.constantFrom(
    'qid',
    'lang',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'xmlns',
  ),
);

const attrs = fc
  .uniqueArray(fc.tuple(attrName, xmlText), { selector: ([name]) => name, maxLength: 4 })
  // fromEntries keeps `__proto__` as an ordinary key, as the parser's output does.
  .map((pairs): Record<string, string> => Object.fromEntries(pairs));

const entry: fc.Arbitrary<Entry> = fc.record({ tag: fc.constantFrom(...TAGS), attrs, content: xmlText });

describe('parseLog(serializeLog(x))', () => {
  it('gives back x for any entry list', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        expect(parseLog(serializeLog(entries))).toEqual(entries);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps keys such as __proto__ as own attributes', () => {
    const entries: Entry[] = [{ tag: 'gen', attrs: Object.fromEntries([['__proto__', 'x']]), content: '' }];
    const [sut] = parseLog(serializeLog(entries));
    expect(Object.keys(sut?.attrs ?? {})).toEqual(['__proto__']);
  });
});
