import { createAnthropic } from '@ai-sdk/anthropic';
import type { ProviderFamily } from './family.js';

export const anthropicFamily: ProviderFamily = {
  id: 'anthropic',
  label: 'Anthropic',
  defaultBaseUrl: 'https://api.anthropic.com/v1',
  models: [
    ['claude-opus-4-1', 'Claude Opus 4.1'],
    ['claude-sonnet-4-5', 'Claude Sonnet 4.5'],
    ['claude-haiku-4-5', 'Claude Haiku 4.5'],
    ['claude-sonnet-4-0', 'Claude Sonnet 4'],
    ['claude-3-5-haiku-latest', 'Claude Haiku 3.5'],
  ],
  create: ({ apiKey, baseURL, model, fetch }) => createAnthropic({ apiKey, baseURL, fetch })(model),
};
