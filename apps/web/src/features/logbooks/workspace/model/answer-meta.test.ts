import { type Entry, notice } from '@caravanserai/logbook';
import { describe, expect, it } from 'vitest';
import { answerMeta, describeAnswerMeta } from './answer-meta';

const gen = (attrs: Record<string, string>, content = 'An answer.'): Entry => ({
  tag: 'gen',
  attrs,
  content,
});

describe('answerMeta', () => {
  it("reads the model, the counts and how the answer ended from the server's attributes", () => {
    const sut = answerMeta(
      gen({
        qid: 'q1',
        model: 'anthropic/claude-sonnet-4',
        input_tokens: '1200',
        output_tokens: '35',
        tokens_estimated: 'true',
        stopped: 'true',
      }),
    );
    expect(sut).toEqual({
      model: 'anthropic/claude-sonnet-4',
      inputTokens: 1200,
      outputTokens: 35,
      estimated: true,
      cut: false,
      stopped: true,
      atLength: false,
    });
    expect(describeAnswerMeta(sut!)).toBe('anthropic/claude-sonnet-4 · 1,200 in · 35 out tokens (estimated)');
  });

  it('gives nothing for notices and for answers without marks (older logs, imports)', () => {
    expect(answerMeta(notice('Memory Turned On'))).toBeNull();
    expect(answerMeta(gen({ qid: 'q1' }))).toBeNull();
  });

  it('ignores counts that are not numbers', () => {
    expect(answerMeta(gen({ model: 'openai/gpt-4o', input_tokens: 'lots' }))?.inputTokens).toBeNull();
  });
});
