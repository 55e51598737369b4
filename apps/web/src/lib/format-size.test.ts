import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('counts bytes below a kilobyte', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(1023)).toBe('1023 B');
  });

  it('gives one decimal under ten, none above', () => {
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(4300)).toBe('4.2 KB');
    expect(formatSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatSize(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
});
