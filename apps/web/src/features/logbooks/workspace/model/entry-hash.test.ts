import { describe, expect, it } from 'vitest';
import { entryFromHash } from './entry-hash';

describe('entryFromHash', () => {
  it('reads the index of #entry-<index>', () => {
    expect(entryFromHash('#entry-0')).toBe(0);
    expect(entryFromHash('#entry-42')).toBe(42);
  });

  it('ignores any other hash', () => {
    expect(entryFromHash('')).toBeNull();
    expect(entryFromHash('#entry-')).toBeNull();
    expect(entryFromHash('#entry--1')).toBeNull();
    expect(entryFromHash('#top')).toBeNull();
  });
});
