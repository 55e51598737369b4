import { describe, expect, it } from 'vitest';
import { filterByTitle } from './filter-by-title';

const items = [
  { title: 'Rust lifetimes' },
  { title: 'Trip to Samarkand' },
  { title: 'rust: Borrow checker' },
];

describe('filterByTitle', () => {
  it('keeps every item for blank text', () => {
    expect(filterByTitle(items, '  ')).toEqual(items);
  });

  it('matches part of a title in any case, keeping the order', () => {
    expect(filterByTitle(items, 'RUST').map((item) => item.title)).toEqual([
      'Rust lifetimes',
      'rust: Borrow checker',
    ]);
  });

  it('needs every word, in any order', () => {
    expect(filterByTitle(items, 'check rus').map((item) => item.title)).toEqual(['rust: Borrow checker']);
    expect(filterByTitle(items, 'rust samarkand')).toEqual([]);
  });
});
