import { describe, expect, it } from 'vitest';
import { acceptsImages, takesPdf } from './model-inputs.js';
import { parseOriginLoc } from './registry.js';

const origin = (originLoc: string) => {
  const parsed = parseOriginLoc(originLoc);
  if (parsed === null) throw new Error(originLoc);
  return parsed;
};

describe('what a model is sent files as', () => {
  it('sends images to the models that see them, and to no other', () => {
    for (const seeing of [
      'openai/gpt-4o-mini',
      'openai/gpt-5',
      'anthropic/claude-haiku-4-5',
      'google/gemini-2.5-flash',
      'google/gemma-3-27b-it',
      'mistral/mistral-small-latest',
      'mistral/pixtral-large-latest',
      'openai-compatible/llava:13b',
      'openai-compatible/qwen2.5vl',
      'openai-compatible/llama3.2-vision',
      'openai-compatible/openai/gpt-4o',
    ])
      expect(acceptsImages(origin(seeing)), seeing).toBe(true);
    for (const blind of [
      'openai/gpt-3.5-turbo',
      'openai/o3-mini',
      'openai/gpt-4-1106-preview',
      'anthropic/claude-2.1',
      'google/gemini-1.0-pro',
      'mistral/codestral-latest',
      'mistral/mistral-large-latest',
      'openai-compatible/llama3.2',
      'openai-compatible/deepseek-r1',
    ])
      expect(acceptsImages(origin(blind)), blind).toBe(false);
  });

  it('sends PDFs as documents only where the model reads them, else their text', () => {
    expect(takesPdf(origin('openai/gpt-4o-mini'))).toBe(true);
    expect(takesPdf(origin('anthropic/claude-haiku-4-5'))).toBe(true);
    expect(takesPdf(origin('openai/o3-mini'))).toBe(false);
    expect(takesPdf(origin('mistral/codestral-latest'))).toBe(false);
    expect(takesPdf(origin('openai-compatible/llava'))).toBe(false);
  });
});
