import type { LanguageModelV3 } from '@ai-sdk/provider';

export type ProviderId = 'openai' | 'anthropic' | 'google' | 'mistral' | 'openai-compatible';

export interface ModelOptions {
  apiKey: string;
  baseURL: string;
  model: string;
  fetch?: typeof fetch;
}

/** One AI provider family: its models, its default address, and how to reach it through its SDK. */
export interface ProviderFamily {
  id: ProviderId;
  /** The group heading in origin_loc_choices. */
  label: string;
  /** Null when the user must give the address (OpenAI-compatible servers). */
  defaultBaseUrl: string | null;
  /** [model id, label] suggestions; any model id the provider knows is accepted. */
  models: readonly (readonly [string, string])[];
  create(options: ModelOptions): LanguageModelV3;
}
