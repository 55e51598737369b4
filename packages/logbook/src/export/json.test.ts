import { describe, expect, it } from 'vitest';
import { INVALID_LOG_XML, InvalidEntryError, InvalidLogError } from '../errors';
import { anEntry } from '../test-entries';
import { fromJson, JSON_FORMAT, toJson } from './json';

const entries = [anEntry('query', 'Is <b> & "x" safe?', { qid: 'k3f9a1zq' }), anEntry('gen', '')];

describe('toJson', () => {
  it('writes a pretty document with meta before the entries', () => {
    const sut = toJson(entries, { title: 'T', owner: 'alice' });
    expect(sut).toBe(
      `${JSON.stringify(
        {
          format: JSON_FORMAT,
          version: 1,
          title: 'T',
          owner: 'alice',
          entries,
          head: null,
          active_path: [0, 1],
        },
        null,
        2,
      )}\n`,
    );
  });

  it('holds the whole tree and, beside it, the active path and its head', () => {
    const branched = [
      anEntry('query', 'Q', { eid: 'qqqqqqqq' }),
      anEntry('gen', 'A1', { eid: 'aaaaaaa1' }),
      anEntry('gen', 'A2', { eid: 'aaaaaaa2', parent: 'qqqqqqqq' }),
    ];
    const document = JSON.parse(toJson(branched, { head: 'aaaaaaa1' }));
    expect(document.entries).toHaveLength(3);
    expect(document).toMatchObject({ head: 'aaaaaaa1', active_path: [0, 1] });
    expect(JSON.parse(toJson(branched))).toMatchObject({ head: 'aaaaaaa2', active_path: [0, 2] });
    expect(fromJson(toJson(branched))).toEqual(branched);
  });

  it('leaves out absent meta', () => {
    expect(Object.keys(JSON.parse(toJson([])))).toEqual([
      'format',
      'version',
      'entries',
      'head',
      'active_path',
    ]);
  });

  it('lists the files the entries name, where given, after the tree', () => {
    const files = [
      { file_id: 'f1', name: 'a.png', media_type: 'image/png', size: 3, url: 'https://x.test/f1/' },
    ];
    const entries = [anEntry('query', 'Look', { qid: 'q1', files: 'f1' })];
    const document = JSON.parse(toJson(entries, { files }));
    expect(Object.keys(document).at(-1)).toBe('files');
    expect(document.files).toEqual(files);
    expect(fromJson(toJson(entries, { files }))).toEqual(entries);
  });

  it('refuses entries that could not be imported again', () => {
    expect(() => toJson([anEntry('gen', '\u0000')])).toThrow(InvalidEntryError);
  });
});

describe('fromJson', () => {
  it('reads back what toJson wrote', () => {
    expect(fromJson(toJson(entries, { title: 'T' }))).toEqual(entries);
  });

  it('reads a later version and treats missing attrs as none', () => {
    const text = JSON.stringify({ format: JSON_FORMAT, version: 3, entries: [{ tag: 'gen', content: 'x' }] });
    expect(fromJson(text)).toEqual([anEntry('gen', 'x')]);
  });

  it('keeps an attribute named __proto__ as data', () => {
    const text = `{"format":"${JSON_FORMAT}","version":1,"entries":[{"tag":"gen","attrs":{"__proto__":"x"},"content":""}]}`;
    const [sut] = fromJson(text);
    expect(Object.keys(sut?.attrs ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(sut?.attrs)).toBe(Object.prototype);
  });

  const wrap = (entry: unknown) => JSON.stringify({ format: JSON_FORMAT, version: 1, entries: [entry] });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['another format', JSON.stringify({ format: 'other', version: 1, entries: [] })],
    ['no version', JSON.stringify({ format: JSON_FORMAT, entries: [] })],
    ['a fractional version', JSON.stringify({ format: JSON_FORMAT, version: 1.5, entries: [] })],
    ['no entries', JSON.stringify({ format: JSON_FORMAT, version: 1 })],
    ['an entry that is not an object', wrap('x')],
    ['an unknown tag', wrap({ tag: 'foo', attrs: {}, content: '' })],
    ['non-string content', wrap({ tag: 'gen', attrs: {}, content: 1 })],
    ['non-string attribute', wrap({ tag: 'gen', attrs: { n: 1 }, content: '' })],
    ['a bad attribute name', wrap({ tag: 'gen', attrs: { 'a b': '1' }, content: '' })],
    ['content XML cannot hold', wrap({ tag: 'gen', attrs: {}, content: '\u0001' })],
  ])('refuses %s', (_, text) => {
    expect(() => fromJson(text)).toThrow(InvalidLogError);
    expect(() => fromJson(text)).toThrow(INVALID_LOG_XML);
  });
});
