import { createOpenAI } from '@ai-sdk/openai';
import type { ProviderFamily } from './family.js';

export const openaiFamily: ProviderFamily = {
  id: 'openai',
  label: 'OpenAI',
  defaultBaseUrl: 'https://api.openai.com/v1',
  models: [
    ['gpt-5', 'GPT-5'],
    ['gpt-5-mini', 'GPT-5 mini'],
    ['gpt-5-nano', 'GPT-5 nano'],
    ['gpt-4.1', 'GPT-4.1'],
    ['gpt-4.1-mini', 'GPT-4.1 mini'],
    ['gpt-4o', 'GPT-4o'],
    ['gpt-4o-mini', 'GPT-4o mini'],
    ['o3', 'o3'],
    ['o4-mini', 'o4-mini'],
  ],
  // The Responses API: OpenAI's current interface for its own models.
  create: ({ apiKey, baseURL, model, fetch }) => createOpenAI({ apiKey, baseURL, fetch })(model),
};
