import { ApiError, NO_MODEL_SETTINGS } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { describeSettings, settingErrors, settingsSummary, typedNumber } from './model-settings';

const set = { temperature: 0.7, max_output_tokens: 8000, reasoning_effort: 'high' as const };

describe('model settings in words', () => {
  it('sums up the settings set, and nothing when none is', () => {
    expect(settingsSummary(set)).toBe('0.7 · 8,000 tokens · high');
    expect(settingsSummary({ ...NO_MODEL_SETTINGS, reasoning_effort: 'low' })).toBe('low');
    expect(settingsSummary(NO_MODEL_SETTINGS)).toBeNull();
    expect(describeSettings(set)).toBe(
      'Temperature 0.7, at most 8,000 tokens an answer, high reasoning effort',
    );
    expect(describeSettings({ ...NO_MODEL_SETTINGS, max_output_tokens: 5 })).toBe(
      'At most 5 tokens an answer',
    );
    expect(describeSettings(NO_MODEL_SETTINGS)).toBe("The model's own defaults");
  });

  it("puts the server's refusal beside the setting it names", () => {
    const message = 'Temperature must be between 0 and 2.';
    const refused = new ApiError(400, { 'settings.temperature': [message] });
    expect(settingErrors(refused, ['temperature'])).toEqual({ temperature: message });
    // A refusal of the settings as a whole goes beside those changed.
    const whole = new ApiError(400, { settings: ['Not now.'] });
    expect(settingErrors(whole, ['reasoning_effort'])).toEqual({ reasoning_effort: 'Not now.' });
    // Anything else is not the settings' to show.
    expect(settingErrors(new ApiError(403, { detail: 'No.' }), ['temperature'])).toBeNull();
    expect(settingErrors(new ApiError(400, { title: ['Too long.'] }), ['temperature'])).toBeNull();
    expect(settingErrors(new Error('Network down'), ['temperature'])).toBeNull();
  });

  it('reads a typed number as sent: empty is the default, out of range is left to the server', () => {
    expect(typedNumber('')).toBeNull();
    expect(typedNumber('  ')).toBeNull();
    expect(typedNumber('3')).toBe(3);
    expect(typedNumber('200,001')).toBe(200_001);
    expect(typedNumber(0.7)).toBe(0.7);
  });
});
