import type { ChatCompletionRequest, TokenUsage } from '@caravanserai/api';
import type { UserRow } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { callSettings, refusedSetting } from '../../providers/model-settings.js';
import { parseOriginLoc } from '../../providers/registry.js';
import type { Admission, QueryAdmission } from '../caravans/query-admission.js';
import {
  type AnswerOutcome,
  type AnswerPiece,
  type AnswerSource,
  readAnswer,
} from '../queries/answer-reading.js';
import type { AnswerRecorder, MeteredCall, ReadAnswer } from '../queries/answer-recorder.js';
import { ProviderCalls } from '../queries/provider-calls.js';
import { concealedOf } from '../queries/provider-error.js';
import type { QueryPreparation } from '../queries/query-preparation.js';
import { type CompletionIds, requestedSettings, toPrompt } from './chat-format.js';
import { invalidRequest } from './gateway-errors.js';
import type { GatewayModels } from './gateway-models.js';

/** A gateway call ready to ask for: its well's model, prompt and settings, admitted and counted. */
export interface GatewayCall extends MeteredCall, AnswerSource {
  ids: CompletionIds;
  /** Its place under the caravan's quotas, freed once its use is recorded. */
  admission: Admission;
}

/** How a gateway call ended: its answer and the tokens counted, a stop before any text, or a failure. */
export type GatewayResult =
  | { kind: 'answered'; read: ReadAnswer; usage: TokenUsage }
  | { kind: 'cancelled' }
  | { kind: 'failed'; reason: string };

export interface GatewayOptions {
  timeoutMs: number;
  maxAnswerChars: number;
}

/**
 * The OpenAI-compatible gateway (DESIGN 11): a chat completion through a well the caller may use,
 * along the logbook query's own path: the well chosen and its key opened as for a query, the
 * settings checked against its model, the caravans' admission (policies, quotas, a reservation)
 * before any provider call, the provider read by `readAnswer` and the use recorded by
 * `AnswerRecorder` exactly as a query's, with no logbook: nothing is written to any logbook.
 */
export class GatewayService {
  /** Calls in flight here, so a caller who hangs up stops theirs. */
  private readonly calls = new ProviderCalls();

  constructor(
    readonly models: GatewayModels,
    private readonly preparation: QueryPreparation,
    private readonly admission: QueryAdmission,
    private readonly recorder: AnswerRecorder,
    private readonly options: GatewayOptions,
  ) {}

  /** Everything before the provider is called; a refusal here calls no provider and records nothing. */
  async prepare(user: UserRow, body: ChatCompletionRequest): Promise<GatewayCall> {
    const well = await this.models.resolve(user, body.model);
    const originLoc = well.row.origin_loc;
    const origin = parseOriginLoc(originLoc);
    if (!origin) throw invalidRequest(`The well's provider "${originLoc}" is not supported.`, 'model');
    const settings = requestedSettings(body);
    const refused = refusedSetting(origin, originLoc, settings, 'in the request');
    if (refused !== undefined) throw invalidRequest(refused);
    const prompt = toPrompt(body.messages);
    const admission = await this.admission.admit(user, well);
    return {
      ids: { id: `chatcmpl-${newId(24)}`, created: Math.floor(Date.now() / 1000), model: originLoc },
      userId: user.id,
      logid: null,
      wellid: well.row.wellid,
      provider: origin.family.id,
      model: origin.model,
      apiKey: well.apiKey,
      concealed: concealedOf(well),
      prompt,
      started: performance.now(),
      streamed: body.stream === true,
      caravanId: admission.caravanId,
      reservationId: admission.reservationId,
      rentalId: admission.rentalId,
      admission,
      languageModel: this.preparation.modelFor(well, origin),
      settings: callSettings(origin, settings),
    };
  }

  /**
   * Asks the provider: yields the answer's pieces as they arrive and returns how it ended, its use
   * recorded. `gone` aborts when the caller hangs up: the call stops, and what arrived is counted
   * as a stopped answer's.
   */
  async *answer(c: GatewayCall, gone: AbortSignal): AsyncGenerator<AnswerPiece, GatewayResult> {
    let recorded = false;
    c.started = performance.now();
    const call = this.calls.begin('gateway', c.ids.id, this.options.timeoutMs);
    const stop = () => this.calls.stop('gateway', c.ids.id);
    gone.addEventListener('abort', stop, { once: true });
    try {
      const limits = {
        answerChars: this.options.maxAnswerChars,
        reasoningChars: this.options.maxAnswerChars,
      };
      let outcome: AnswerOutcome;
      try {
        outcome = yield* readAnswer(c, call, limits);
      } finally {
        gone.removeEventListener('abort', stop);
        call.end();
      }
      if (outcome.kind === 'cancelled') {
        await this.recorder.cancelled(c);
        recorded = true;
        return { kind: 'cancelled' };
      }
      if (outcome.kind === 'failed') {
        const error = await this.recorder.failed(c, outcome.failure);
        recorded = true;
        return { kind: 'failed', reason: error.reason };
      }
      const usage = await this.recorder.used(c, outcome.read);
      recorded = true;
      return { kind: 'answered', read: outcome.read, usage };
    } finally {
      // A recorded usage row has replaced the reservation; without one, it is freed here.
      if (!recorded) await c.admission.release();
    }
  }
}
