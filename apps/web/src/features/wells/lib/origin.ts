import type { OriginLocChoices } from '@caravanserai/api';

/**
 * `origin_loc` is `provider/model`. OpenAI-compatible servers (Ollama, LM Studio, vLLM, OpenRouter)
 * have no default address and serve whatever models their owner installed, so for them the form
 * asks for a base URL and lets the model name be typed.
 */
export const COMPATIBLE_PROVIDER = 'openai-compatible';

export function providerOf(originLoc: string): string {
  const slash = originLoc.indexOf('/');
  return slash < 0 ? '' : originLoc.slice(0, slash);
}

export function modelOf(originLoc: string): string {
  const slash = originLoc.indexOf('/');
  return slash < 0 ? '' : originLoc.slice(slash + 1);
}

export function isCompatible(originLoc: string): boolean {
  return providerOf(originLoc) === COMPATIBLE_PROVIDER;
}

export interface OriginGroup {
  group: string;
  items: { value: string; label: string }[];
}

/**
 * The server's choices as select groups. A saved origin that is not among the suggestions (a model
 * typed by hand) is added to its provider's group, so the select can still show it.
 */
export function originGroups(choices: OriginLocChoices, current = ''): OriginGroup[] {
  const groups = Object.entries(choices).map(([group, pairs]) => ({
    group,
    items: pairs.map(([value, label]) => ({ value, label })),
  }));
  if (!current || groups.some((g) => g.items.some((item) => item.value === current))) return groups;
  const extra = { value: current, label: `${modelOf(current)} (current)` };
  const home = groups.find((g) => g.items.some((item) => providerOf(item.value) === providerOf(current)));
  if (home) return groups.map((g) => (g === home ? { ...g, items: [...g.items, extra] } : g));
  return [...groups, { group: providerOf(current) || 'Other', items: [extra] }];
}
