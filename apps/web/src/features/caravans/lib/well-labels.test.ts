import type { CaravanUsage } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { withWellTitles } from './well-labels';

const figures = { queries: 1, input_tokens: 2, output_tokens: 3, errors: 0 };
const usage = (group_by: CaravanUsage['group_by'], keys: string[]): CaravanUsage => ({
  from: '2026-11-01',
  to: '2026-11-22',
  group_by,
  rows: keys.map((key) => ({ key, ...figures })),
  totals: figures,
});

describe('withWellTitles', () => {
  it('names shared wells by title, keeps unknown ids, and tells equal titles apart', () => {
    const titles = new Map([
      ['w1', 'Camel'],
      ['w2', 'Horse'],
      ['w3', 'Horse'],
    ]);
    const keys = withWellTitles(usage('well', ['w1', 'w2', 'w3', 'gone']), titles).rows.map((r) => r.key);
    expect(keys).toEqual(['Camel', 'Horse (w2)', 'Horse (w3)', 'gone']);
  });

  it('leaves other groupings alone', () => {
    const byMember = usage('member', ['w1']);
    expect(withWellTitles(byMember, new Map([['w1', 'Camel']]))).toBe(byMember);
  });
});
