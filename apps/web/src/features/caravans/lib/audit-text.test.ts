import { describe, expect, it } from 'vitest';
import { actionText, detailText, when } from './audit-text';

describe('audit text', () => {
  it('words the known actions and keeps an unknown one as it is', () => {
    expect(actionText('policy.update')).toBe('Changed the policy');
    expect(actionText('caravan.teleport')).toBe('caravan.teleport');
  });

  it('reads a policy written as JSON as words, and leaves other details alone', () => {
    const detail = JSON.stringify({
      allowed_models: ['openai/*', 'anthropic/claude-haiku-4-5'],
      member_monthly_queries: 5,
      caravan_monthly_tokens: null,
      personal_wells: false,
    });
    expect(detailText(detail)).toBe(
      'allowed models: openai/*, anthropic/claude-haiku-4-5; member monthly queries: 5; caravan monthly tokens: no cap; personal wells: false',
    );
    expect(detailText(JSON.stringify({ allowed_models: [] }))).toBe('allowed models: all');
    expect(detailText('Fake Well 1')).toBe('Fake Well 1');
    expect(detailText('{not json')).toBe('{not json');
  });

  it('shows a moment to the minute', () => {
    expect(when('2026-11-22T20:15:42.123Z')).toBe('2026-11-22 20:15');
  });
});
