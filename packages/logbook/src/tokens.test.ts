import { describe, expect, it } from 'vitest';
import type { Entry } from './entry';
import { notice } from './notices';
import { tokenTotals } from './tokens';

const gen = (attrs: Record<string, string>, content = 'An answer.'): Entry => ({
  tag: 'gen',
  attrs,
  content,
});

describe('tokenTotals', () => {
  it('adds up every answer that was paid for, mirages and deleted ones included', () => {
    const entries: Entry[] = [
      { tag: 'query', attrs: { qid: 'q1' }, content: 'Why?' },
      gen({ qid: 'q1', input_tokens: '10', output_tokens: '20' }),
      {
        tag: 'mirage',
        attrs: { qid: 'q1', input_tokens: '12', output_tokens: '8', tokens_estimated: 'true' },
        content: 'No.',
      },
      gen({ qid: 'q2', input_tokens: '5', output_tokens: '5' }, ''),
      notice('Chat Memory Off'),
    ];
    expect(tokenTotals(entries)).toEqual({ inputTokens: 27, outputTokens: 33, estimated: true, answers: 3 });
  });
});

describe('tokenCount', () => {
  it('ignores what is not a count', () => {
    expect(tokenTotals([gen({ input_tokens: 'lots', output_tokens: '1e3' })]).answers).toBe(0);
    expect(tokenTotals([gen({ input_tokens: '9999999999999999' })]).answers).toBe(0);
  });
});

describe('tokenTotals past the safe integers', () => {
  it('stops at Number.MAX_SAFE_INTEGER rather than growing inexact', () => {
    const huge = gen({ input_tokens: '999999999999999', output_tokens: '1' });
    const totals = tokenTotals(Array.from({ length: 10 }, () => huge));
    expect(totals).toEqual({
      inputTokens: Number.MAX_SAFE_INTEGER,
      outputTokens: 10,
      estimated: false,
      answers: 10,
    });
  });
});
