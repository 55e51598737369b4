import { describe, expect, it } from 'vitest';
import { escapeAttr, escapeXml } from './escape';

describe('escapeXml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&apos;'],
    ['\r', '&#13;'],
  ])('escapes %j', (char, reference) => {
    expect(escapeXml(`a${char}b`)).toBe(`a${reference}b`);
  });

  it('leaves tabs, newlines and other text alone', () => {
    expect(escapeXml('\tline\nnext 😀 &amp')).toBe('\tline\nnext 😀 &amp;amp');
  });
});

describe('escapeAttr', () => {
  it('also escapes the whitespace parsers would normalise', () => {
    expect(escapeAttr(`\t\n\r&<>"'`)).toBe('&#9;&#10;&#13;&amp;&lt;&gt;&quot;&apos;');
  });
});
