import { describe, expect, it } from 'vitest';
import { INVALID_LOG_XML, InvalidEntryError, InvalidLogError } from './errors';
import { anEntry } from './test-entries';
import { parseLog, serializeEntry, serializeLog } from './xml';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

function parseError(xml: string): InvalidLogError {
  try {
    parseLog(xml);
  } catch (error) {
    if (error instanceof InvalidLogError) return error;
    throw error;
  }
  throw new Error(`parsed without error: ${JSON.stringify(xml)}`);
}

describe('serializeLog', () => {
  it('writes the documented layout', () => {
    const sut = serializeLog([
      anEntry('context', 'You are a careful reviewer.'),
      anEntry('query', 'Is <b> & "x" safe?', { qid: 'k3f9a1zq' }),
      anEntry('gen', '', { qid: 'k3f9a1zq' }),
    ]);
    expect(sut).toBe(
      `${DECLARATION}\n<logbook version="1">\n` +
        '  <context>You are a careful reviewer.</context>\n' +
        '  <query qid="k3f9a1zq">Is &lt;b&gt; &amp; &quot;x&quot; safe?</query>\n' +
        '  <gen qid="k3f9a1zq"></gen>\n' +
        '</logbook>\n',
    );
  });

  it('writes an empty log as an empty root', () => {
    expect(serializeLog([])).toBe(`${DECLARATION}\n<logbook version="1">\n</logbook>\n`);
  });

  it('keeps attributes in insertion order and escapes their values', () => {
    expect(serializeEntry(anEntry('code', 'x', { z: '1', a: 'say "hi"\n', m: "it's" }))).toBe(
      `<code z="1" a="say &quot;hi&quot;&#10;" m="it&apos;s">x</code>`,
    );
  });

  it.each(['\u0000', 'a\uD800b', '\uDC00', '\uFFFF', '\u001B[0m'])('refuses content %j', (content) => {
    expect(() => serializeLog([anEntry('gen', content)])).toThrow(InvalidEntryError);
  });

  it('says which character and where', () => {
    expect(() => serializeEntry(anEntry('query', 'ok\u0007'))).toThrow(
      /U\+0007 at index 2 in <query> content/,
    );
  });

  it('refuses bad attribute names', () => {
    expect(() => serializeEntry(anEntry('query', 'x', { 'a b': '1' }))).toThrow(InvalidEntryError);
  });

  it('writes 100,000 entries into one complete document', () => {
    // Its speed is measured by `npm run bench`, not asserted here.
    const entries = Array.from({ length: 100_000 }, (_, i) =>
      anEntry(i % 2 ? 'gen' : 'query', `message ${i} with <tags> & "quotes"`, { qid: 'k3f9a1zq' }),
    );
    const xml = serializeLog(entries);
    expect(xml.split('\n')).toHaveLength(100_000 + 4);
    expect(xml.endsWith('</logbook>\n')).toBe(true);
  });
});

describe('parseLog', () => {
  it.each(['', '   ', '\n\t\r\n', '\uFEFF'])('reads %j as no entries', (xml) => {
    expect(parseLog(xml)).toEqual([]);
  });

  it('reads a full document', () => {
    const xml = `${DECLARATION}
<logbook>
  <context>You are a careful reviewer.</context>
  <query qid="k3f9a1zq">Is &lt;b&gt; &amp; &quot;x&quot; safe?</query>
  <gen qid="k3f9a1zq">It is escaped.</gen>
</logbook>`;
    expect(parseLog(xml)).toEqual([
      anEntry('context', 'You are a careful reviewer.'),
      anEntry('query', 'Is <b> & "x" safe?', { qid: 'k3f9a1zq' }),
      anEntry('gen', 'It is escaped.', { qid: 'k3f9a1zq' }),
    ]);
  });

  it('reads a declaration alone or an empty root as no entries', () => {
    expect(parseLog(DECLARATION)).toEqual([]);
    expect(parseLog(`${DECLARATION}\n<logbook version="1"/>\n`)).toEqual([]);
    expect(parseLog('<!-- saved --><logbook>\n</logbook>')).toEqual([]);
  });

  it('skips processing instructions and comments between entries', () => {
    expect(parseLog('<logbook><?app x?><!-- c --><gen>x</gen></logbook>')).toEqual([anEntry('gen', 'x')]);
  });

  it('reads a root of any version', () => {
    expect(parseLog('<logbook version="7"><gen>x</gen></logbook>')).toEqual([anEntry('gen', 'x')]);
  });

  it('reads legacy fragments with no root, with or without a declaration', () => {
    const expected = [anEntry('query', 'hi'), anEntry('gen', 'hello')];
    expect(parseLog('<query>hi</query><gen>hello</gen>')).toEqual(expected);
    expect(parseLog('\n  <query>hi</query>\n  <gen>hello</gen>\n')).toEqual(expected);
    expect(parseLog(`${DECLARATION}\n<query>hi</query><gen>hello</gen>`)).toEqual(expected);
  });

  it('reads empty and self-closing elements as empty content', () => {
    expect(parseLog('<gen/><gen></gen><gen qid="a" />')).toEqual([
      anEntry('gen', ''),
      anEntry('gen', ''),
      anEntry('gen', '', { qid: 'a' }),
    ]);
  });

  it('decodes named and numeric references', () => {
    expect(parseLog('<gen>&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&#x1F600;&#13;</gen>')).toEqual([
      anEntry('gen', `&<>"'AB😀\r`),
    ]);
  });

  it('keeps whitespace inside content exactly and a literal > as text', () => {
    expect(parseLog('<gen>  a > b\n\n\tc  </gen>')).toEqual([anEntry('gen', '  a > b\n\n\tc  ')]);
  });

  it('normalises literal line ends as XML requires', () => {
    expect(parseLog('<gen>a\r\nb\rc</gen>')).toEqual([anEntry('gen', 'a\nb\nc')]);
  });

  it('reads attribute values as XML requires', () => {
    expect(parseLog(`<gen a="say &quot;hi&quot;" b='it"s' c="x\ty&#9;z&#10;"/>`)).toEqual([
      anEntry('gen', '', { a: 'say "hi"', b: 'it"s', c: 'x y\tz\n' }),
    ]);
  });

  it('keeps attributes as strings and names a JavaScript object treats specially', () => {
    const [sut] = parseLog('<gen n="007" __proto__="p" constructor="c" toString="t"/>');
    expect(sut?.attrs).toEqual(
      Object.fromEntries([
        ['n', '007'],
        ['__proto__', 'p'],
        ['constructor', 'c'],
        ['toString', 't'],
      ]),
    );
    expect(Object.getPrototypeOf(sut?.attrs)).toBe(Object.prototype);
  });

  it('reads CDATA literally and drops comments', () => {
    expect(parseLog('<code>a<![CDATA[<b>&amp;]]>c<!-- note -->d</code>')).toEqual([
      anEntry('code', 'a<b>&amp;cd'),
    ]);
  });

  it('keeps number-like content as text', () => {
    expect(parseLog('<gen>0012</gen><gen>true</gen>')).toEqual([
      anEntry('gen', '0012'),
      anEntry('gen', 'true'),
    ]);
  });

  it.each([
    ['an unclosed element', '<query>x'],
    ['mismatched tags', '<query>x</gen>'],
    ['an unknown tag', '<foo>x</foo>'],
    ['a DOCTYPE', '<!DOCTYPE logbook [<!ENTITY a "aaaa">]><logbook><gen>&a;</gen></logbook>'],
    ['a lowercase doctype', '<!doctype logbook><logbook/>'],
    ['text outside entries', 'hello <query>x</query>'],
    ['text after the root', '<logbook><gen>x</gen></logbook>trailing'],
    ['text inside the root', '<logbook>stray<gen>x</gen></logbook>'],
    ['CDATA between entries', '<logbook><![CDATA[x]]><gen>x</gen></logbook>'],
    ['a nested element', '<query>a<b>bold</b></query>'],
    ['a nested entry', '<query>a<gen>b</gen></query>'],
    ['a second root', '<logbook></logbook><logbook></logbook>'],
    ['a nested logbook', '<logbook><logbook/></logbook>'],
    ['a stray ampersand', '<gen>a & b</gen>'],
    ['an undeclared entity', '<gen>&nbsp;</gen>'],
    ['a reference to NUL', '<gen>&#0;</gen>'],
    ['a reference to a surrogate', '<gen>&#xD800;</gen>'],
    ['a reference beyond Unicode', '<gen>&#x110000;</gen>'],
    ['an uppercase hex reference', '<gen>&#X41;</gen>'],
    ['a raw NUL', '<gen>\u0000</gen>'],
    ['a raw lone surrogate', '<gen>\uD800</gen>'],
    ['< in an attribute', '<gen a="<"/>'],
    ['a stray ampersand in an attribute', '<gen a="&"/>'],
    ['an attribute without a value', '<gen a/>'],
    ['a repeated attribute', '<gen a="1" a="2"/>'],
    ['a namespaced attribute', '<gen xml:lang="en"/>'],
    ['an unclosed comment', '<gen>x</gen><!-- '],
    ['a dangerous element name', '<constructor/>'],
    ['plain text', 'just some words'],
    ['JSON', '{"entries": []}'],
  ])('refuses %s', (_, xml) => {
    const sut = parseError(xml);
    expect(sut.message).toBe(INVALID_LOG_XML);
    expect(sut.reason).toBeTruthy();
  });
});
