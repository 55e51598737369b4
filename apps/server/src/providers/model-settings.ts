import type { JSONValue, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { ModelSettings, ReasoningEffort } from '@caravanserai/api';
import type { ProviderId } from './family.js';
import type { Origin } from './registry.js';

/**
 * Which models reason, by family (DESIGN 12). OpenAI's o-series and GPT-5 line (not its chat
 * variants), Claude 3.7 and every Claude from 4 on, Gemini 2.5 and later, Mistral's Magistral.
 * OpenAI-compatible servers serve any model: whether one reasons is theirs to say, so every
 * setting is passed on and the server answers for it.
 */
const REASONS: Record<Exclude<ProviderId, 'openai-compatible'>, RegExp> = {
  openai: /^(o\d+(-|$)|gpt-([5-9]|\d{2,})(?!(\.\d+)?-chat))/,
  anthropic: /^claude-(3-7-|(opus|sonnet|haiku)-([4-9]|\d{2,})|([4-9]|\d{2,})-)/,
  google: /^gemini-(2\.5|[3-9]|\d{2,})/,
  mistral: /^magistral/,
};

/** Whether the model reasons; undefined when the family cannot tell (OpenAI-compatible servers). */
export function reasons({ family, model }: Origin): boolean | undefined {
  return family.id === 'openai-compatible' ? undefined : REASONS[family.id].test(model);
}

/** Claude thinks within a budget of tokens; each effort is a budget. */
const ANTHROPIC_BUDGET: Record<ReasoningEffort, number> = { low: 1024, medium: 4096, high: 16_384 };
/** Gemini 2.5 likewise; Gemini 3 takes the effort itself as its thinking level. */
const GEMINI_BUDGET: Record<ReasoningEffort, number> = { low: 1024, medium: 8192, high: 24_576 };

/**
 * Why a logbook's settings cannot go to its well's model, in words for the person who set them;
 * undefined when they can. Refused before anything is stored or sent.
 */
export function refusedSetting(
  origin: Origin,
  originLoc: string,
  settings: ModelSettings,
  /** Where the setting is changed, as the sentence ends (the gateway's: 'in the request'). */
  clear = "in this logbook's settings",
): string | undefined {
  const { temperature, reasoning_effort: effort } = settings;
  const reasoning = reasons(origin);
  if (effort !== null && reasoning === false)
    return `The model "${originLoc}" does not reason: clear the reasoning effort ${clear}.`;
  if (effort !== null && effort !== 'high' && origin.family.id === 'mistral')
    return `The model "${originLoc}" takes only the high reasoning effort: change it ${clear}.`;
  if (temperature !== null && reasoning === true && origin.family.id === 'openai')
    return `The model "${originLoc}" takes no temperature: clear it ${clear}.`;
  if (temperature !== null && effort !== null && origin.family.id === 'anthropic')
    return `The model "${originLoc}" takes no temperature while it reasons: clear the temperature or the reasoning effort ${clear}.`;
  return undefined;
}

/** What a call passes the SDK's model beside the prompt. */
export interface CallSettings {
  temperature?: number;
  maxOutputTokens?: number;
  providerOptions?: SharedV3ProviderOptions;
}

/**
 * A logbook's settings in its provider's own terms: temperature and length are the SDK's common
 * fields; the effort is OpenAI's and Mistral's `reasoning_effort`, Claude's thinking budget,
 * Gemini's thinking budget or level. Reasoning models are asked to show their thinking where the
 * provider hides it unless asked (Gemini's thoughts; OpenAI's summaries once an effort is chosen,
 * since OpenAI gives summaries only to organisations it has verified).
 */
export function callSettings(origin: Origin, settings: ModelSettings): CallSettings {
  const { temperature, max_output_tokens: maxOutputTokens, reasoning_effort: effort } = settings;
  const call: CallSettings = {
    ...(temperature !== null && { temperature }),
    ...(maxOutputTokens !== null && { maxOutputTokens }),
  };
  const options = providerOptions(origin, effort);
  return options === undefined ? call : { ...call, providerOptions: options };
}

function providerOptions(
  origin: Origin,
  effort: ReasoningEffort | null,
): SharedV3ProviderOptions | undefined {
  const reasoning = reasons(origin);
  switch (origin.family.id) {
    case 'openai':
      return effort === null ? undefined : { openai: { reasoningEffort: effort, reasoningSummary: 'auto' } };
    case 'anthropic':
      return effort === null
        ? undefined
        : { anthropic: { thinking: { type: 'enabled', budgetTokens: ANTHROPIC_BUDGET[effort] } } };
    case 'google': {
      if (!reasoning) return undefined;
      const thinkingConfig: Record<string, JSONValue> = { includeThoughts: true };
      if (effort !== null && /^gemini-2\./.test(origin.model))
        thinkingConfig.thinkingBudget = GEMINI_BUDGET[effort];
      else if (effort !== null) thinkingConfig.thinkingLevel = effort;
      return { google: { thinkingConfig } };
    }
    case 'mistral':
      return effort === null ? undefined : { mistral: { reasoningEffort: effort } };
    case 'openai-compatible':
      return effort === null ? undefined : { 'openai-compatible': { reasoningEffort: effort } };
  }
}
