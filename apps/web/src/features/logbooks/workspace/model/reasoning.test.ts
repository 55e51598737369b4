import { describe, expect, it } from 'vitest';
import { thoughtSeconds } from './reasoning';

describe('how long a model thought', () => {
  it('is whole seconds, at least one', () => {
    expect(thoughtSeconds('0')).toBe(1);
    expect(thoughtSeconds('12')).toBe(12);
    expect(thoughtSeconds(2.6)).toBe(3);
    expect(thoughtSeconds(0.2)).toBe(1);
    expect(thoughtSeconds(undefined)).toBe(1);
    expect(thoughtSeconds('soon')).toBe(1);
  });
});
