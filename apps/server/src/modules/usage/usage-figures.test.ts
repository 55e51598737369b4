import { describe, expect, it } from 'vitest';
import { usageFigures, usageTotals } from './usage-figures.js';

describe('usageFigures', () => {
  it('reads numeric strings and empty sums as numbers', () => {
    expect(usageFigures({ queries: '3', errors: null, input_tokens: 40, output_tokens: '7' })).toEqual({
      queries: 3,
      errors: 0,
      input_tokens: 40,
      output_tokens: 7,
    });
  });
});

describe('usageTotals', () => {
  it('adds up each figure over the rows', () => {
    const rows = [
      { queries: 2, errors: 1, input_tokens: 30, output_tokens: 5 },
      { queries: 1, errors: 0, input_tokens: 100, output_tokens: 50 },
      { queries: 4, errors: 2, input_tokens: 0, output_tokens: 1 },
    ];
    expect(usageTotals(rows)).toEqual({ queries: 7, errors: 3, input_tokens: 130, output_tokens: 56 });
  });

  it('is all zeros for no rows', () => {
    expect(usageTotals([])).toEqual({ queries: 0, errors: 0, input_tokens: 0, output_tokens: 0 });
  });

  it('keeps each row as it was', () => {
    const row = { queries: 1, errors: 1, input_tokens: 2, output_tokens: 3 };
    usageTotals([row, row]);
    expect(row).toEqual({ queries: 1, errors: 1, input_tokens: 2, output_tokens: 3 });
  });
});
