import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('makes 12-character lowercase alphanumeric ids', () => {
    for (let i = 0; i < 200; i++) expect(newId()).toMatch(/^[a-z0-9]{12}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId()));
    expect(ids.size).toBe(10_000);
  });

  it('uses every character of its alphabet', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => newId()).join(''));
    expect(seen.size).toBe(36);
  });
});
