import { z } from 'zod';

/** The reasoning efforts a logbook may ask of a reasoning model (DESIGN 12). */
export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export const TEMPERATURE_RANGE = { min: 0, max: 2 } as const;
export const MAX_OUTPUT_TOKENS_RANGE = { min: 1, max: 200_000 } as const;

const temperatureError = `Temperature must be between ${TEMPERATURE_RANGE.min} and ${TEMPERATURE_RANGE.max}.`;
const lengthError = `The maximum answer length must be a whole number of tokens between ${MAX_OUTPUT_TOKENS_RANGE.min} and ${MAX_OUTPUT_TOKENS_RANGE.max}.`;

const Temperature = z
  .number({ error: temperatureError })
  .min(TEMPERATURE_RANGE.min, temperatureError)
  .max(TEMPERATURE_RANGE.max, temperatureError);
const MaxOutputTokens = z
  .number({ error: lengthError })
  .int(lengthError)
  .min(MAX_OUTPUT_TOKENS_RANGE.min, lengthError)
  .max(MAX_OUTPUT_TOKENS_RANGE.max, lengthError);
const Effort = z.enum(REASONING_EFFORTS, {
  error: (issue) =>
    `'${String(issue.input)}' is not a reasoning effort. Choose ${REASONING_EFFORTS.join(', ')}.`,
});

/**
 * How a logbook's queries ask its model. Each setting is null until set, and then the provider's
 * own default applies; a write changes the settings it names (null puts one back to the default).
 */
export const ModelSettings = z.object({
  temperature: Temperature.nullable(),
  max_output_tokens: MaxOutputTokens.nullable(),
  reasoning_effort: Effort.nullable(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

export const ModelSettingsWrite = ModelSettings.partial();
export type ModelSettingsWrite = z.input<typeof ModelSettingsWrite>;

export const NO_MODEL_SETTINGS: ModelSettings = {
  temperature: null,
  max_output_tokens: null,
  reasoning_effort: null,
};
