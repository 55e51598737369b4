import { describe, expect, it } from 'vitest';
import { reasons } from './model-settings.js';
import { parseOriginLoc } from './registry.js';

const origin = (loc: string) => {
  const parsed = parseOriginLoc(loc);
  if (!parsed) throw new Error(loc);
  return parsed;
};

describe('which models reason', () => {
  it.each([
    'openai/o1',
    'openai/o3-mini',
    'openai/o4-mini',
    'openai/gpt-5',
    'openai/gpt-5-mini',
    'openai/gpt-5.1',
    'anthropic/claude-3-7-sonnet-latest',
    'anthropic/claude-sonnet-4-5',
    'anthropic/claude-opus-4-1',
    'anthropic/claude-haiku-4-5',
    'google/gemini-2.5-flash',
    'google/gemini-3-pro-preview',
    'mistral/magistral-medium-latest',
  ])('%s reasons', (loc) => expect(reasons(origin(loc))).toBe(true));

  it.each([
    'openai/gpt-4o',
    'openai/gpt-4.1-mini',
    'openai/gpt-5-chat-latest',
    'openai/gpt-3.5-turbo',
    'anthropic/claude-3-5-sonnet-latest',
    'anthropic/claude-3-5-haiku-latest',
    'anthropic/claude-3-opus-latest',
    'google/gemini-2.0-flash',
    'google/gemini-1.5-pro',
    'mistral/mistral-large-latest',
  ])('%s does not', (loc) => expect(reasons(origin(loc))).toBe(false));

  it('leaves OpenAI-compatible servers to say for themselves', () => {
    expect(reasons(origin('openai-compatible/deepseek-r1'))).toBeUndefined();
  });
});
