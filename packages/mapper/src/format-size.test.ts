import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size.js';

describe('formatSize', () => {
  it('counts bytes, then KB, MB and GB of 1024, with one decimal under ten', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(4300)).toBe('4.2 KB');
    expect(formatSize(12_600)).toBe('12 KB');
    expect(formatSize(18 * 1024 * 1024)).toBe('18 MB');
    expect(formatSize(3.5 * 1024 ** 3)).toBe('3.5 GB');
  });
});
