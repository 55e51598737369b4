import { describe, expect, it } from 'vitest';
import { allowedModels, modelAllowed } from './policy.js';
import { monthStart } from './query-admission.js';

describe('modelAllowed', () => {
  it('allows everything when the list is empty', () => {
    expect(modelAllowed([], 'openai/gpt-4o')).toBe(true);
  });

  it('matches exact provider/model and provider/* only', () => {
    const list = ['openai/gpt-4o-mini', 'anthropic/*'];
    expect(modelAllowed(list, 'openai/gpt-4o-mini')).toBe(true);
    expect(modelAllowed(list, 'openai/gpt-4o')).toBe(false);
    expect(modelAllowed(list, 'anthropic/claude-haiku-4-5')).toBe(true);
    expect(modelAllowed(list, 'openai-compatible/anthropic')).toBe(false);
    expect(modelAllowed(['openai/*'], 'openai-compatible/llama3.2')).toBe(false);
  });
});

describe('allowedModels', () => {
  it('reads the stored JSON, and allows nothing when it cannot be read', () => {
    expect(allowedModels({ allowed_models: '["openai/*"]' })).toEqual(['openai/*']);
    expect(allowedModels({ allowed_models: '[]' })).toEqual([]);
    expect(modelAllowed(allowedModels({ allowed_models: 'not json' }), 'openai/gpt-4o')).toBe(false);
    expect(modelAllowed(allowedModels({ allowed_models: '{}' }), 'openai/gpt-4o')).toBe(false);
  });
});

describe('monthStart', () => {
  it('is the first moment of the UTC month', () => {
    expect(new Date(monthStart(Date.parse('2026-03-31T23:59:59.999Z'))).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(new Date(monthStart(Date.parse('2026-01-01T00:00:00.000Z'))).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});
