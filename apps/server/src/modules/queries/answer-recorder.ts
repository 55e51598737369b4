import type { QueryResult, TokenUsage } from '@caravanserai/api';
import type { Entry } from '@caravanserai/logbook';
import type { Executor } from '../../db/database.js';
import type { Prompt } from '../../providers/answer-stream.js';
import type { EntriesService } from '../logbooks/entries.service.js';
import type { TokenEstimator } from '../usage/token-estimate.js';
import type { Outcome, UsageService } from '../usage/usage.service.js';
import type { Continuing } from './continuation.js';
import { type Concealed, providerReason } from './provider-error.js';
import { QueryFailed } from './query-errors.js';
import { FILE_PART_TOKENS, promptFileParts, promptTexts } from './query-prompt.js';
import type { Reasoning } from './thought.js';

/**
 * A provider call as far as its usage goes: who asked, through which well, what it was sent. A
 * logbook's query and a gateway call (no logbook: `logid` null) are metered alike.
 */
export interface MeteredCall {
  userId: number;
  logid: string | null;
  wellid: string;
  provider: string;
  model: string;
  apiKey: string;
  prompt: Prompt;
  started: number;
  streamed: boolean;
  /** The caravan whose shared well answers (its quotas count this query), or null. */
  caravanId: string | null;
  /** Its reservation under the caravan's query quota, replaced by its usage row; or null. */
  reservationId: string | null;
  /** The Bazaar rental it goes through, or null. */
  rentalId: string | null;
  /** What a failure's reason must not say to the caller. */
  concealed: Concealed;
}

/** The query an answer belongs to, as far as storing it and its usage goes. */
export interface AnsweredQuery extends MeteredCall {
  logid: string;
  qid: string;
  /** The eid of the query entry. */
  queryEid: string;
  /** The eid the answer follows: its query for a new answer beside old ones; else the active leaf. */
  answerFollows: string | undefined;
  /** The stopped or cut answer this one continues, if it is a continuation. */
  continuing?: Continuing;
}

/** How reading an answer ended: in full, cut at the cap, or stopped by its owner part-way. */
export type Ending = 'complete' | 'cut' | 'stopped';

export interface ReadAnswer {
  text: string;
  ending: Ending;
  /** What the provider reported; undefined where it reported nothing (or had not yet). */
  reported: { input?: number | undefined; output?: number | undefined };
  /** The model's thinking before the answer, if it showed any. */
  reasoning?: Reasoning | undefined;
  /** The model stopped at its maximum length: the answer may be continued. */
  atLength?: boolean;
}

/** A model's thinking as the comment stored under its query: never sent to a model again. */
function reasoningEntry(qid: string, reasoning: Reasoning): Entry {
  return {
    tag: 'comment',
    attrs: { qid, kind: 'reasoning', seconds: String(Math.round(reasoning.ms / 1000)) },
    content: reasoning.text,
  };
}

/** A stored answer's mark that the server stopped reading it at the cap. */
export function cutMark(maxChars: number): string {
  return `\n\n[Answer cut here: it passed this server's limit of ${maxChars.toLocaleString('en-US')} characters.]`;
}

/** The mark at the end of a stored answer, whatever the limit was then. */
export const CUT_MARK = /\n\n\[Answer cut here: it passed this server's limit of [\d,]+ characters\.\]$/;

const OUTCOME: Record<Ending, Outcome> = { complete: 'ok', cut: 'truncated', stopped: 'stopped' };
const NO_TOKENS: TokenUsage = { input_tokens: 0, output_tokens: 0 };

/**
 * Stores what a provider answered and records the use: the gen entry carries the model, its token
 * counts and how it ended (cut, stopped) as attributes, and its usage row goes in the same commit.
 */
export class AnswerRecorder {
  constructor(
    private readonly writes: EntriesService,
    private readonly usage: UsageService,
    private readonly estimator: TokenEstimator,
    private readonly options: { maxAnswerChars: number; timeoutMs: number },
  ) {}

  async stored(q: AnsweredQuery, read: ReadAnswer): Promise<QueryResult['data']> {
    const usage = await this.tokens(q, read);
    const outcome = OUTCOME[read.ending];
    const alongside = (trx: Executor) => this.record(q, outcome, usage, trx);
    try {
      return q.continuing
        ? await this.joined(q, q.continuing, read, usage, alongside)
        : await this.appended(q, read, usage, alongside);
    } catch (error) {
      // The provider has answered (and billed): the use is recorded even if the answer cannot be
      // stored (the logbook was salted or deleted meanwhile).
      await this.record(q, outcome, usage);
      throw error;
    }
  }

  /** A new answer, with the model's thinking before it when it showed any. */
  private async appended(
    q: AnsweredQuery,
    read: ReadAnswer,
    usage: TokenUsage,
    alongside: (trx: Executor) => Promise<void>,
  ): Promise<QueryResult['data']> {
    const attrs = this.endingAttrs(
      {
        qid: q.qid,
        model: `${q.provider}/${q.model}`,
        input_tokens: String(usage.input_tokens),
        output_tokens: String(usage.output_tokens),
      },
      usage,
      read,
    );
    const content = this.content(read.text, read);
    const thought = read.reasoning && reasoningEntry(q.qid, read.reasoning);
    const written: Entry[] = [...(thought ? [thought] : []), { tag: 'gen', attrs, content }];
    // The reasoning follows the query and the answer the reasoning: one line, never two branches.
    const stored = await this.writes.append(q.logid, written, {
      alongside,
      // A new answer beside old ones follows its question; a first one, what followed the question since.
      ...(q.answerFollows === undefined ? { within: q.queryEid } : { follows: q.answerFollows }),
    });
    const last = stored.entries.length - 1;
    return {
      gen: content,
      qid: q.qid,
      entry: { tag: 'gen', attrs: stored.entries[last]!.attrs, content, index: stored.index + last },
      ...(thought && {
        reasoning: {
          tag: 'comment',
          attrs: stored.entries[0]!.attrs,
          content: thought.content,
          index: stored.index,
        },
      }),
      usage,
      version: stored.version,
    };
  }

  /**
   * A continuation joins the answer it continues (DESIGN 12): one text, its token counts the sum
   * of both calls, marked by how the continuation ended.
   */
  private async joined(
    q: AnsweredQuery,
    going: Continuing,
    read: ReadAnswer,
    usage: TokenUsage,
    alongside: (trx: Executor) => Promise<void>,
  ): Promise<QueryResult['data']> {
    const { stopped: _s, truncated: _t, finish: _f, ...kept } = going.attrs;
    const sum = (before: string | undefined, added: number) =>
      String(Math.min(Number.MAX_SAFE_INTEGER, (Number(before) || 0) + added));
    const attrs = this.endingAttrs(
      {
        ...kept,
        input_tokens: sum(kept.input_tokens, usage.input_tokens),
        output_tokens: sum(kept.output_tokens, usage.output_tokens),
      },
      usage,
      read,
    );
    const content = this.content(going.text + read.text, read);
    const written = await this.writes.rewrite(q.logid, going, { tag: 'gen', attrs, content }, alongside);
    return {
      gen: content,
      qid: q.qid,
      entry: { tag: 'gen', attrs, content, index: going.position },
      usage,
      version: written.version,
    };
  }

  /** An answer's marks of how it ended: estimated counts, cut at the cap, stopped, at the model's length. */
  private endingAttrs(attrs: Record<string, string>, usage: TokenUsage, read: ReadAnswer) {
    const marked = { ...attrs };
    if (usage.estimated) marked.tokens_estimated = 'true';
    if (read.ending === 'cut') marked.truncated = 'true';
    if (read.ending === 'stopped') marked.stopped = 'true';
    if (read.ending === 'complete' && read.atLength) marked.finish = 'length';
    return marked;
  }

  private content(text: string, read: ReadAnswer): string {
    return read.ending === 'cut' ? text + cutMark(this.options.maxAnswerChars) : text;
  }

  /**
   * An answer that is not stored (the gateway's): only its use is recorded, with the same token
   * counts (or estimates) and outcome a stored answer's row would have.
   */
  async used(q: MeteredCall, read: ReadAnswer): Promise<TokenUsage> {
    const usage = await this.tokens(q, read);
    await this.record(q, OUTCOME[read.ending], usage);
    return usage;
  }

  async failed(q: MeteredCall, error: unknown): Promise<QueryFailed> {
    const { reason, timedOut } = providerReason(error, q.concealed, this.options.timeoutMs);
    await this.record(q, timedOut ? 'timeout' : 'error', NO_TOKENS);
    return new QueryFailed(reason);
  }

  /** Stopped before any text arrived: nothing is stored, the stop is recorded. */
  async cancelled(q: MeteredCall): Promise<void> {
    await this.record(q, 'cancelled', NO_TOKENS);
  }

  /**
   * The provider's counts, or estimates where it gave none: providers report usage at the end of
   * an answer, so a cut or stopped one has none, and some servers never report it.
   */
  private async tokens(q: MeteredCall, read: ReadAnswer): Promise<TokenUsage> {
    const { input, output } = read.reported;
    const missingOutput = output === undefined || (output === 0 && read.text !== '');
    if (input !== undefined && !missingOutput) return { input_tokens: input, output_tokens: output };
    const [inputTokens, outputTokens] = await Promise.all([
      input ?? this.promptTokens(q),
      // Providers count a model's thinking among the tokens it wrote.
      missingOutput ? this.estimator.answer(read.text + (read.reasoning?.text ?? '')) : output,
    ]);
    return { input_tokens: inputTokens, output_tokens: outputTokens, estimated: true };
  }

  private async promptTokens(q: MeteredCall): Promise<number> {
    const texts = await this.estimator.prompt(promptTexts(q.prompt));
    return texts + FILE_PART_TOKENS * promptFileParts(q.prompt);
  }

  private record(q: MeteredCall, outcome: Outcome, usage: TokenUsage, trx?: Executor) {
    return this.usage.record(
      {
        userId: q.userId,
        wellid: q.wellid,
        logid: q.logid,
        provider: q.provider,
        model: q.model,
        inputTokens: usage.input_tokens,
        outputTokens: usage.output_tokens,
        estimated: usage.estimated === true,
        latencyMs: performance.now() - q.started,
        outcome,
        streamed: q.streamed,
        caravanId: q.caravanId,
        reservationId: q.reservationId,
        rentalId: q.rentalId,
      },
      trx,
    );
  }
}
