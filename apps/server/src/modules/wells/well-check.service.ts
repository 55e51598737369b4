import type { WellTest, WellTestResult } from '@caravanserai/api';
import type { z } from 'zod';
import type { UserRow } from '../../db/database.js';
import { scrubSecret } from '../../lib/scrub-secret.js';
import { listModels } from '../../providers/model-list.js';
import { parseOriginLoc } from '../../providers/registry.js';
import { failureDetail, failureReason } from './well-check-words.js';
import type { WellsService, WellTarget } from './wells.service.js';

type TestInput = z.output<typeof WellTest>;

export interface WellCheckOptions {
  /** The guarded, size-limited fetch that provider calls use. */
  fetch: typeof fetch;
  timeoutMs: number;
}

/** More ids than any real server lists; a hostile one gets no further. */
const MAX_MODELS = 2000;

/**
 * "Test connection" on the well forms: asks the provider for its model list with the values the
 * form holds, under the rules a save would apply, and says in words whether that worked. The
 * answer is 200 either way; only values a save would refuse are a 400.
 */
export class WellCheckService {
  constructor(
    private readonly wells: WellsService,
    private readonly options: WellCheckOptions,
  ) {}

  async test(user: UserRow, input: TestInput): Promise<WellTestResult> {
    const target = await this.wells.target(user, input);
    return this.check(target);
  }

  private async check({ origin, baseURL, apiKey }: WellTarget): Promise<WellTestResult> {
    const { family } = origin;
    const host = new URL(baseURL).host;
    const name = family.id === 'openai-compatible' ? `The server at ${host}` : family.label;
    // HTTP headers carry bytes, so such a key cannot even be sent; most likely a mask was pasted.
    if (/[^\x20-\x7e]/.test(apiKey)) {
      return {
        ok: false,
        detail: 'The API key holds characters that cannot be sent, such as "…": enter the whole key.',
        reason: 'The key is not plain ASCII text.',
      };
    }
    try {
      const listed = await listModels(family.id, baseURL, apiKey, {
        fetch: this.options.fetch,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const models = usableIds(listed, family.id, apiKey);
      const count = models.length === 1 ? '1 model' : `${models.length} models`;
      // The form says itself whether the model typed is among these, as the user changes it.
      const detail = `${name} answered: ${models.length === 0 ? 'it lists no models' : `${count} listed`}.`;
      return { ok: true, detail: scrubSecret(detail, apiKey), models };
    } catch (error) {
      const words = { name, host, timeoutMs: this.options.timeoutMs };
      return {
        ok: false,
        detail: scrubSecret(failureDetail(error, words), apiKey),
        reason: failureReason(error, apiKey, this.options.timeoutMs),
      };
    }
  }
}

/** Ids that could be saved as a well's model, each once, none carrying a piece of the key. */
function usableIds(ids: readonly string[], family: string, apiKey: string): string[] {
  const usable = ids.filter(
    (id) => parseOriginLoc(`${family}/${id}`) !== null && scrubSecret(id, apiKey) === id,
  );
  return [...new Set(usable)].slice(0, MAX_MODELS);
}
