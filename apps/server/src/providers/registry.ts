import { anthropicFamily } from './anthropic.js';
import type { ProviderFamily } from './family.js';
import { googleFamily } from './google.js';
import { mistralFamily } from './mistral.js';
import { openaiFamily } from './openai.js';
import { openaiCompatibleFamily } from './openai-compatible.js';

export const FAMILIES: readonly ProviderFamily[] = [
  openaiFamily,
  anthropicFamily,
  googleFamily,
  mistralFamily,
  openaiCompatibleFamily,
];

const byId = new Map<string, ProviderFamily>(FAMILIES.map((f) => [f.id, f]));

export type OriginLocChoices = Record<string, [string, string][]>;

/** The well form's choices: provider label -> [`provider/model`, label] pairs. */
export const ORIGIN_LOC_CHOICES: OriginLocChoices = Object.fromEntries(
  FAMILIES.map((f) => [
    f.label,
    f.models.map(([model, label]): [string, string] => [`${f.id}/${model}`, label]),
  ]),
);

const MODEL_ID = /^[A-Za-z0-9][\w.:@/-]{0,199}$/;

export interface Origin {
  family: ProviderFamily;
  model: string;
}

/** `provider/model` -> its family and model id, or null when either part is not acceptable. */
export function parseOriginLoc(originLoc: string): Origin | null {
  const slash = originLoc.indexOf('/');
  if (slash < 1) return null;
  const family = byId.get(originLoc.slice(0, slash));
  const model = originLoc.slice(slash + 1);
  if (!family || !MODEL_ID.test(model)) return null;
  return { family, model };
}
