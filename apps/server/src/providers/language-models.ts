import { createHash } from 'node:crypto';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Origin } from './registry.js';

/**
 * The SDK models wells call, made once per (provider, address, model, key) and reused: building
 * one compiles its response schemas, which would otherwise cost every query half a millisecond.
 * Bounded, the least recently used going first; a changed key or address makes a new entry.
 */
export class LanguageModels {
  private readonly models = new Map<string, LanguageModelV3>();

  constructor(private readonly max = 500) {}

  get(origin: Origin, baseURL: string, apiKey: string, fetch: typeof globalThis.fetch): LanguageModelV3 {
    const keyDigest = createHash('sha256').update(apiKey).digest('base64');
    const id = [origin.family.id, baseURL, origin.model, keyDigest].join('\n');
    let model = this.models.get(id);
    if (model) {
      this.models.delete(id);
    } else {
      model = origin.family.create({ apiKey, baseURL, model: origin.model, fetch });
      if (this.models.size >= this.max) this.models.delete(this.models.keys().next().value as string);
    }
    this.models.set(id, model);
    return model;
  }
}
