import { describe, expect, it } from 'vitest';
import {
  capText,
  modelLines,
  policyFormValues,
  policyUpdate,
  validateCap,
  validateModels,
} from './policy-values';

describe('policy form values', () => {
  it('round-trips a policy through the form, empty caps meaning none', () => {
    const policy = {
      allowed_models: ['openai/gpt-4o-mini', 'anthropic/*'],
      member_monthly_queries: 100,
      member_monthly_tokens: null,
      caravan_monthly_tokens: 0,
      personal_wells: false,
    };
    const values = policyFormValues(policy);
    expect(values).toEqual({
      allowedModels: 'openai/gpt-4o-mini\nanthropic/*',
      memberMonthlyQueries: 100,
      memberMonthlyTokens: '',
      caravanMonthlyTokens: 0,
      personalWells: false,
    });
    expect(policyUpdate(values)).toEqual(policy);
  });

  it('takes one model a line, ignoring blank lines and spaces', () => {
    expect(modelLines('  openai/*  \n\n mistral/mistral-small-latest\n')).toEqual([
      'openai/*',
      'mistral/mistral-small-latest',
    ]);
  });

  it('accepts provider/model and provider/*, and names the first line that is neither', () => {
    expect(validateModels('openai/gpt-4o\ngoogle/*')).toBeNull();
    expect(validateModels('')).toBeNull();
    expect(validateModels('openai/gpt-4o\ngpt-4o')).toMatch(/^gpt-4o: Not a valid model/);
  });

  it('takes whole caps from 0, or none', () => {
    expect(validateCap('')).toBeNull();
    expect(validateCap(0)).toBeNull();
    expect(validateCap(2.5)).not.toBeNull();
    expect(validateCap(-1)).not.toBeNull();
    expect(capText(null)).toBe('no cap');
    expect(capText(100000)).toBe('100,000');
  });
});
