import { describe, expect, it } from 'vitest';
import { LogCache } from './log-cache.js';

describe('LogCache', () => {
  it('answers only for the version it holds', () => {
    const sut = new LogCache();
    sut.set('a', 3, '<log v3>');
    expect(sut.get('a', 3)).toBe('<log v3>');
    expect(sut.get('a', 4)).toBeUndefined();
    expect(sut.get('b', 3)).toBeUndefined();
  });

  it('keeps one version per logbook', () => {
    const sut = new LogCache();
    sut.set('a', 1, 'old');
    sut.set('a', 2, 'new');
    expect(sut.get('a', 1)).toBeUndefined();
    expect(sut.get('a', 2)).toBe('new');
  });

  it('evicts the least recently used when over its size', () => {
    const sut = new LogCache(40);
    sut.set('a', 1, 'x'.repeat(10));
    sut.set('b', 1, 'y'.repeat(10));
    sut.get('a', 1);
    sut.set('c', 1, 'z'.repeat(10));
    sut.set('d', 1, 'w'.repeat(10));
    sut.set('e', 1, 'v'.repeat(10));
    expect(sut.get('b', 1)).toBeUndefined();
    expect(sut.get('a', 1)).toBe('x'.repeat(10));
    expect(sut.get('e', 1)).toBe('v'.repeat(10));
  });

  it('does not hold a log larger than a quarter of its size', () => {
    const sut = new LogCache(40);
    sut.set('big', 1, 'x'.repeat(11));
    expect(sut.get('big', 1)).toBeUndefined();
  });

  it('forgets a deleted logbook', () => {
    const sut = new LogCache();
    sut.set('a', 1, 'log');
    sut.delete('a');
    expect(sut.get('a', 1)).toBeUndefined();
  });
});

describe('LogCache JSON', () => {
  it('encodes a version once and forgets it with the version', () => {
    const sut = new LogCache();
    sut.set('a', 1, 'say "hi"\n');
    expect(sut.json('a', 1)).toBe(JSON.stringify('say "hi"\n'));
    expect(sut.json('a', 2)).toBeUndefined();
    sut.set('a', 2, 'new');
    expect(sut.json('a', 1)).toBeUndefined();
    expect(sut.json('a', 2)).toBe('"new"');
  });

  it('counts the encoding in its size', () => {
    const sut = new LogCache(40);
    sut.set('a', 1, 'x'.repeat(10));
    sut.set('b', 1, 'y'.repeat(10));
    sut.json('a', 1);
    sut.json('b', 1);
    sut.set('c', 1, 'z'.repeat(10));
    expect(sut.get('a', 1)).toBeUndefined();
    expect(sut.get('c', 1)).toBe('z'.repeat(10));
  });
});
