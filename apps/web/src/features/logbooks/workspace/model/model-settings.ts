import { ApiError, type ModelSettings } from '@caravanserai/api';
import { formatCount } from './answer-meta';

/** One of a logbook's model settings (DESIGN 12). */
export type SettingName = keyof ModelSettings;

/** The server's refusal of a setting, in its words, by setting. */
export type SettingErrors = Partial<Record<SettingName, string>>;

const NAMES: readonly SettingName[] = ['temperature', 'max_output_tokens', 'reasoning_effort'];

/** The settings in short, for the header: '0.7 · 800 tokens · high'; null when none is set. */
export function settingsSummary({
  temperature,
  max_output_tokens,
  reasoning_effort,
}: ModelSettings): string | null {
  const parts: string[] = [];
  if (temperature !== null) parts.push(String(temperature));
  if (max_output_tokens !== null) parts.push(`${formatCount(max_output_tokens)} tokens`);
  if (reasoning_effort !== null) parts.push(reasoning_effort);
  return parts.length === 0 ? null : parts.join(' · ');
}

/** The settings in words: 'Temperature 0.7, at most 800 tokens, high reasoning effort'. */
export function describeSettings({
  temperature,
  max_output_tokens,
  reasoning_effort,
}: ModelSettings): string {
  const parts: string[] = [];
  if (temperature !== null) parts.push(`Temperature ${temperature}`);
  if (max_output_tokens !== null) parts.push(`at most ${formatCount(max_output_tokens)} tokens an answer`);
  if (reasoning_effort !== null) parts.push(`${reasoning_effort} reasoning effort`);
  if (parts.length === 0) return "The model's own defaults";
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A refused change in words beside each setting it names: the server answers a setting out of
 * range under 'settings.<name>', and one it cannot take at all under 'settings', which is put
 * beside the settings changed. Null when the refusal names no setting (the reader is told apart).
 */
export function settingErrors(error: unknown, changed: readonly SettingName[]): SettingErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const { fields } = error;
  const errors: SettingErrors = {};
  for (const name of NAMES) {
    const message = fields[`settings.${name}`]?.[0];
    if (message !== undefined) errors[name] = message;
  }
  const whole = fields.settings?.[0];
  if (whole !== undefined) for (const name of changed) errors[name] ??= whole;
  return Object.keys(errors).length === 0 ? null : errors;
}

/**
 * A number typed into a setting's box as the server takes it: empty is null (the default), and
 * anything else is sent as typed, so the server's own words say what is out of range.
 */
export function typedNumber(text: string | number): number | null {
  if (typeof text === 'number') return text;
  // A long number may come with its thousands separated, as the box shows it.
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isNaN(value) ? null : value;
}
