import { describe, expect, it } from 'vitest';
import { splitSnippet } from './snippet';

describe('splitSnippet', () => {
  it('cuts hits out of the text', () => {
    expect(splitSnippet('…the [[caravan]] rests at the [[serai]].')).toEqual([
      { text: '…the ', hit: false },
      { text: 'caravan', hit: true },
      { text: ' rests at the ', hit: false },
      { text: 'serai', hit: true },
      { text: '.', hit: false },
    ]);
  });

  it('keeps markup as text', () => {
    expect(splitSnippet('<b>[[<img src=x onerror=alert(1)>]]</b>')).toEqual([
      { text: '<b>', hit: false },
      { text: '<img src=x onerror=alert(1)>', hit: true },
      { text: '</b>', hit: false },
    ]);
  });

  it('leaves an unclosed mark as plain text', () => {
    expect(splitSnippet('a [[b]] c [[d')).toEqual([
      { text: 'a ', hit: false },
      { text: 'b', hit: true },
      { text: ' c [[d', hit: false },
    ]);
  });

  it('gives nothing for an empty snippet and drops empty hits', () => {
    expect(splitSnippet('')).toEqual([]);
    expect(splitSnippet('x[[]]y')).toEqual([{ text: 'xy', hit: false }]);
  });
});
