import { describe, expect, it } from 'vitest';
import { TAGS, type Tag } from './tags';
import { anEntry } from './test-entries';
import { applyToggle, blankEntry, type Toggle, toggleComment, toggleContext, toggleMirage } from './toggles';

const cases: [Toggle, (tag: Tag) => Tag][] = [
  ['comment', toggleComment],
  ['context', toggleContext],
  ['mirage', toggleMirage],
];

describe.each(cases)('toggle %s', (toggle, sut) => {
  it(`turns ${toggle} back into gen`, () => {
    expect(sut(toggle)).toBe('gen');
  });

  it(`turns every other tag into ${toggle}`, () => {
    for (const tag of TAGS.filter((t) => t !== toggle)) expect(sut(tag)).toBe(toggle);
  });

  it('matches applyToggle', () => {
    for (const tag of TAGS) expect(applyToggle(tag, toggle)).toBe(sut(tag));
  });

  it('undoes itself on a gen entry', () => {
    expect(sut(sut('gen'))).toBe('gen');
  });
});

describe('blankEntry', () => {
  it('keeps tag and attributes and empties the content', () => {
    const original = anEntry('query', 'secret', { qid: 'k3f9a1zq' });
    const sut = blankEntry(original);
    expect(sut).toEqual(anEntry('query', '', { qid: 'k3f9a1zq' }));
    expect(original.content).toBe('secret');
    expect(sut.attrs).not.toBe(original.attrs);
  });
});
