import { createMistral } from '@ai-sdk/mistral';
import type { ProviderFamily } from './family.js';

export const mistralFamily: ProviderFamily = {
  id: 'mistral',
  label: 'Mistral',
  defaultBaseUrl: 'https://api.mistral.ai/v1',
  models: [
    ['mistral-large-latest', 'Mistral Large'],
    ['mistral-medium-latest', 'Mistral Medium'],
    ['mistral-small-latest', 'Mistral Small'],
    ['magistral-medium-latest', 'Magistral Medium'],
    ['codestral-latest', 'Codestral'],
  ],
  create: ({ apiKey, baseURL, model, fetch }) => createMistral({ apiKey, baseURL, fetch })(model),
};
