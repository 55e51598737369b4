import type { QueryResult, QuerySubmit, TokenUsage } from '@caravanserai/api';
import { buildMessages, type ChatMessage, contextText, newQid } from '@caravanserai/logbook';
import { generateText, type LanguageModel, streamText } from 'ai';
import type { z } from 'zod';
import type { UserRow } from '../../db/database.js';
import { Conflict, fieldError, HttpError } from '../../errors.js';
import { parseOriginLoc } from '../../providers/registry.js';
import { type EntriesRepository, toEntry } from '../logbooks/entries.repository.js';
import type { EntriesService } from '../logbooks/entries.service.js';
import type { LogbookAccess } from '../logbooks/logbook-access.js';
import type { Outcome, UsageService } from '../usage/usage.service.js';
import type { CallableWell, WellsService } from '../wells/wells.service.js';
import { providerReason } from './provider-error.js';

type Input = z.output<typeof QuerySubmit>;

export const AI_FAILED = 'Error fetching response from AI.';

/** 502 with the spec's message, and the provider's own reason in a field of its own. */
export class QueryFailed extends HttpError {
  constructor(readonly reason: string) {
    super(502, 'provider_error', AI_FAILED);
  }
  override body() {
    return { detail: AI_FAILED, reason: this.reason, code: this.code };
  }
}

/** A query ready to send: its entry is stored, its messages built, its well's model at hand. */
export interface PreparedQuery {
  user: UserRow;
  logid: string;
  qid: string;
  queryIndex: number;
  well: CallableWell;
  provider: string;
  model: string;
  languageModel: LanguageModel;
  prompt: Prompt;
}

/** What the model is sent: one system text (if any) and the conversation. */
export interface Prompt {
  system?: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
}

export type StreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; data: QueryResult['data'] }
  | { type: 'error'; detail: string; reason: string }
  | { type: 'cancelled'; detail: string };

export const CANCELLED = 'Query cancelled.';

export interface QueryServiceOptions {
  timeoutMs: number;
  fetch: typeof fetch;
}

/**
 * Query submit: store the query (once per qid), ask the well, store the answer as a gen entry and
 * record usage. A failure keeps the query entry and stores no answer.
 */
export class QueryService {
  /** Provider calls in flight in this process, by logid/qid, so their owner can stop them. */
  private readonly inflight = new Map<string, AbortController>();

  constructor(
    private readonly access: LogbookAccess,
    private readonly entries: EntriesRepository,
    private readonly writes: EntriesService,
    private readonly wells: WellsService,
    private readonly usage: UsageService,
    private readonly options: QueryServiceOptions,
  ) {}

  async prepare(user: UserRow, input: Input): Promise<PreparedQuery> {
    // Salted (409), not yours (403) or not there (404): refused before any provider is called.
    const logbook = await this.access.unsalted(user, input.logid);
    const wellid = input.wellid || logbook.logwell;
    if (!wellid)
      throw fieldError('wellid', 'This logbook has no well: attach one in its settings or name one.');
    const well = await this.wells.callable(user, wellid);
    const origin = parseOriginLoc(well.row.origin_loc);
    if (!origin) throw fieldError('wellid', `The well's provider "${well.row.origin_loc}" is not supported.`);

    const qid = input.qid ?? newQid();
    const existing = (await this.entries.withQid(input.logid, qid)).find((e) => e.tag === 'query');
    const queryIndex =
      existing?.position ??
      (await this.writes.append(user, input.logid, [{ tag: 'query', attrs: { qid }, content: input.prompt }]))
        .index;

    const prompt = splitSystem(await this.messagesFor(input, qid));
    const languageModel = origin.family.create({
      apiKey: well.apiKey,
      baseURL: well.row.model_url,
      model: origin.model,
      fetch: this.options.fetch,
    });
    return {
      user,
      logid: input.logid,
      qid,
      queryIndex,
      well,
      provider: origin.family.id,
      model: origin.model,
      languageModel,
      prompt,
    };
  }

  /** Memory on: the stored conversation. Off: the context (given, or the log's context entries) and the prompt. */
  private async messagesFor(input: Input, qid: string): Promise<ChatMessage[]> {
    if (input.memory) {
      const entries = (await this.entries.list(input.logid)).map(toEntry);
      return buildMessages({ entries, prompt: input.prompt, context: input.context, memory: true, qid });
    }
    const context =
      input.context ?? contextText((await this.entries.byTag(input.logid, 'context')).map(toEntry));
    return buildMessages({ entries: [], prompt: input.prompt, context, memory: false, qid });
  }

  async submit(user: UserRow, input: Input): Promise<QueryResult> {
    const q = await this.prepare(user, input);
    const started = performance.now();
    let text: string;
    let usage: TokenUsage;
    const call = this.begin(q);
    try {
      const result = await generateText({
        model: q.languageModel,
        ...q.prompt,
        maxRetries: 0,
        abortSignal: call.signal,
      });
      text = result.text;
      usage = tokens(result.usage);
    } catch (error) {
      if (call.cancelled()) {
        await this.record(q, 'cancelled', NO_TOKENS, started, false);
        throw Conflict(CANCELLED, 'cancelled');
      }
      throw await this.failed(q, error, started, false);
    } finally {
      call.end();
    }
    return { modified_status: true, data: await this.answered(q, text, usage, started, false) };
  }

  /**
   * The streaming twin: yields text deltas as they arrive, then `done` with the stored entry, or
   * `error`. The caller may stop listening; the answer is still read to its end and stored.
   */
  async *stream(q: PreparedQuery): AsyncGenerator<StreamEvent> {
    const started = performance.now();
    let text = '';
    let usage: TokenUsage = { input_tokens: 0, output_tokens: 0 };
    let failure: unknown;
    const call = this.begin(q);
    const result = streamText({
      model: q.languageModel,
      ...q.prompt,
      maxRetries: 0,
      abortSignal: call.signal,
      onError: () => {},
    });
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          text += part.text;
          yield { type: 'delta', text: part.text };
        } else if (part.type === 'error') {
          failure = part.error;
        } else if (part.type === 'abort') {
          failure = new DOMException(part.reason ?? 'aborted', 'TimeoutError');
        } else if (part.type === 'finish') {
          usage = tokens(part.totalUsage);
        }
      }
    } catch (error) {
      failure = error;
    } finally {
      call.end();
    }
    if (call.cancelled()) {
      await this.record(q, 'cancelled', NO_TOKENS, started, true);
      yield { type: 'cancelled', detail: CANCELLED };
      return;
    }
    if (failure !== undefined) {
      const error = await this.failed(q, failure, started, true);
      yield { type: 'error', detail: AI_FAILED, reason: error.reason };
      return;
    }
    yield { type: 'done', data: await this.answered(q, text, usage, started, true) };
  }

  /**
   * Stops a query in flight (the Scribe's stop button): nothing is stored for it, and the query
   * entry stays. Only this server process knows the call, so another replica's call runs on.
   */
  async cancel(user: UserRow, logid: string, qid: string): Promise<{ cancelled: boolean }> {
    await this.access.writable(user, logid);
    const controller = this.inflight.get(`${logid}/${qid}`);
    controller?.abort();
    return { cancelled: controller !== undefined };
  }

  /** The signal a provider call runs under: the time limit, or a cancel by the logbook's owner. */
  private begin(q: PreparedQuery) {
    const key = `${q.logid}/${q.qid}`;
    const controller = new AbortController();
    this.inflight.get(key)?.abort();
    this.inflight.set(key, controller);
    return {
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      cancelled: () => controller.signal.aborted,
      end: () => {
        if (this.inflight.get(key) === controller) this.inflight.delete(key);
      },
    };
  }

  private async answered(
    q: PreparedQuery,
    text: string,
    usage: TokenUsage,
    started: number,
    streamed: boolean,
  ) {
    const attrs = { qid: q.qid };
    // The provider has answered (and billed): record it even if storing the answer then fails.
    await this.record(q, 'ok', usage, started, streamed);
    const stored = await this.writes.append(q.user, q.logid, [{ tag: 'gen', attrs, content: text }]);
    return {
      gen: text,
      qid: q.qid,
      entry: { tag: 'gen' as const, attrs, content: text, index: stored.index },
      usage,
      version: stored.version,
    };
  }

  private async failed(
    q: PreparedQuery,
    error: unknown,
    started: number,
    streamed: boolean,
  ): Promise<QueryFailed> {
    const { reason, timedOut } = providerReason(error, q.well.apiKey, this.options.timeoutMs);
    await this.record(q, timedOut ? 'timeout' : 'error', NO_TOKENS, started, streamed);
    return new QueryFailed(reason);
  }

  private record(q: PreparedQuery, outcome: Outcome, usage: TokenUsage, started: number, streamed: boolean) {
    return this.usage.record({
      userId: q.user.id,
      wellid: q.well.row.wellid,
      logid: q.logid,
      provider: q.provider,
      model: q.model,
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      latencyMs: performance.now() - started,
      outcome,
      streamed,
    });
  }
}

/**
 * Every provider takes its instructions as one system text before the conversation (Gemini refuses
 * any other place), so context entries added mid-conversation join it there, in their order.
 */
export function splitSystem(messages: readonly ChatMessage[]): Prompt {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const conversation = messages.filter((m) => m.role !== 'system') as Prompt['messages'];
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages: conversation };
}

const NO_TOKENS: TokenUsage = { input_tokens: 0, output_tokens: 0 };

function tokens(usage: { inputTokens: number | undefined; outputTokens: number | undefined }): TokenUsage {
  return { input_tokens: usage.inputTokens ?? 0, output_tokens: usage.outputTokens ?? 0 };
}
