import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { QueryResult, QuerySubmit } from '@caravanserai/api';
import { type Entry, filesOf, newQid } from '@caravanserai/logbook';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import { bool } from '../../db/columns.js';
import type { LogbookRow, UserRow } from '../../db/database.js';
import { Conflict, fieldError } from '../../errors.js';
import { streamAnswer } from '../../providers/answer-stream.js';
import { LanguageModels } from '../../providers/language-models.js';
import { acceptsImages } from '../../providers/model-inputs.js';
import { type CallSettings, callSettings, refusedSetting } from '../../providers/model-settings.js';
import { type Origin, parseOriginLoc } from '../../providers/registry.js';
import { answerTooLarge } from '../../providers/response-limit.js';
import type { Admission, QueryAdmission } from '../caravans/query-admission.js';
import type { FilesService } from '../files/files.service.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import type { EntriesService } from '../logbooks/entries.service.js';
import { decodeAttrs } from '../logbooks/entry-codec.js';
import { toModelSettings } from '../logbooks/logbooks.presenter.js';
import type { QueryWell, WellsService } from '../wells/wells.service.js';
import { AnswerBuffer } from './answer-buffer.js';
import type { AnsweredQuery, AnswerRecorder, Ending, ReadAnswer } from './answer-recorder.js';
import { ProviderCalls } from './provider-calls.js';
import { AI_FAILED, CANCELLED, QueryFailed } from './query-errors.js';
import type { Asked, QueryPrompts } from './query-prompt.js';
import { Thought } from './thought.js';

type StoredQuery = Awaited<ReturnType<EntriesRepository['withQid']>>[number];

/** A stored entry's attributes, to read its files. */
function asEntry(row: StoredQuery): Entry {
  return { tag: 'query', attrs: decodeAttrs(row.attrs), content: row.content };
}

type Input = z.output<typeof QuerySubmit>;

/** A query ready to send: its entry is stored, its prompt built, its well's model at hand. */
export interface PreparedQuery extends Omit<AnsweredQuery, 'started' | 'streamed'> {
  queryIndex: number;
  /** For a query written now (not asked again): the entry it follows and the version it made. */
  queryWritten?: { parent: string | null; version: number };
  languageModel: LanguageModelV3;
  /** The logbook's model settings in the provider's terms. */
  settings: CallSettings;
  /** Its place under the caravan's quotas, freed once its use is recorded. */
  admission: Admission;
}

export type StreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'done'; data: QueryResult['data'] }
  | { type: 'error'; detail: string; reason: string }
  | { type: 'cancelled'; detail: string };

export interface QueryServiceOptions {
  timeoutMs: number;
  /** The longest answer stored; the provider's stream is not read past it. */
  maxAnswerChars: number;
  fetch: typeof fetch;
}

/**
 * Query submit: store the query (once per qid), ask the well, store the answer as a gen entry and
 * record usage. A failure keeps the query entry and stores no answer. The plain route is the
 * streaming one read to its end: both read the provider's answer as a stream, up to the cap.
 */
export class QueryService {
  private readonly calls = new ProviderCalls();
  private readonly models = new LanguageModels();

  constructor(
    private readonly access: Access,
    private readonly entries: EntriesRepository,
    private readonly writes: EntriesService,
    private readonly wells: WellsService,
    private readonly admission: QueryAdmission,
    private readonly prompts: QueryPrompts,
    private readonly recorder: AnswerRecorder,
    private readonly files: FilesService,
    private readonly options: QueryServiceOptions,
  ) {}

  async prepare(user: UserRow, input: Input): Promise<PreparedQuery> {
    // Salted (409), not yours (403) or not there (404): refused before any provider is called.
    const logbook = await this.access.unsaltedLogbook(user, input.logid);
    const wellid = input.wellid || logbook.logwell;
    if (!wellid)
      throw fieldError('wellid', 'This logbook has no well: attach one in its settings or name one.');
    const well = await this.wells.forQuery(user, wellid);
    const origin = parseOriginLoc(well.row.origin_loc);
    if (!origin) throw fieldError('wellid', `The well's provider "${well.row.origin_loc}" is not supported.`);
    const qid = input.qid ?? newQid();
    // Only a qid the caller chose can name a stored query: asking it again (a retry, a new
    // answer, an edited question) sends the query as it is stored now, with its files.
    const stored = input.qid === undefined ? [] : await this.entries.withQid(input.logid, qid);
    const existing = stored.find((e) => e.tag === 'query');
    const files = existing ? filesOf(asEntry(existing)) : (input.files ?? []);
    await this.checkFiles(user, files, existing === undefined, origin, well.row.origin_loc);
    const settings = toModelSettings(logbook);
    const refused = refusedSetting(origin, well.row.origin_loc, settings);
    if (refused !== undefined) throw fieldError('settings', refused);
    // The caravans' policies and quotas: refused here, nothing is stored and no provider is called.
    const admission = await this.admission.admit(user, well);
    try {
      return await this.ready(user, input, logbook, well, origin, admission, { qid, stored, files });
    } catch (error) {
      await admission.release();
      throw error;
    }
  }

  /** A new question's files are the user's own; no image goes to a model that takes none. */
  private async checkFiles(
    user: UserRow,
    ids: readonly string[],
    fresh: boolean,
    origin: Origin,
    originLoc: string,
  ) {
    if (ids.length === 0) return;
    const files = fresh ? await this.files.forQuery(user, ids) : await this.files.known(ids);
    if (files.some((f) => f.kind === 'image') && !acceptsImages(origin))
      throw fieldError('files', `The model "${originLoc}" does not accept images.`);
  }

  private async ready(
    user: UserRow,
    input: Input,
    logbook: LogbookRow,
    well: QueryWell,
    origin: Origin,
    admission: Admission,
    asking: { qid: string; stored: StoredQuery[]; files: readonly string[] },
  ): Promise<PreparedQuery> {
    const { qid, stored, files } = asking;
    const existing = stored.find((e) => e.tag === 'query');
    const question = existing?.content ?? input.prompt;
    // A new question follows the active leaf, or the entry an edit names (DESIGN 3a). Asked again,
    // a stored one keeps its place; a new answer to a question already answered follows the
    // question, beside the old answers (a regenerated answer), while a first answer follows the
    // active leaf like any entry (a queue of questions answered in turn stays one line).
    const answered = existing !== undefined && stored.some((e) => e.tag !== 'query');
    const asked = existing ?? (await this.appendQuery(input.logid, { qid, question, files }, input.parent));

    return {
      userId: user.id,
      logid: input.logid,
      qid,
      wellid: well.row.wellid,
      provider: origin.family.id,
      model: origin.model,
      apiKey: well.apiKey,
      prompt: await this.prompts.build(input, bool(logbook.memory), { qid, question, files }, origin, {
        user,
        jid: logbook.jid,
      }),
      queryIndex: asked.position,
      queryEid: asked.eid,
      ...('written' in asked && { queryWritten: asked.written }),
      answerFollows: answered ? asked.eid : undefined,
      languageModel: this.models.get(origin, well.row.model_url, well.apiKey, this.options.fetch),
      settings: callSettings(origin, toModelSettings(logbook)),
      caravanId: admission.caravanId,
      reservationId: admission.reservationId,
      admission,
    };
  }

  private async appendQuery(logid: string, asked: Asked, parent: string | undefined) {
    const { qid, question, files } = asked;
    const attrs: Record<string, string> = { qid };
    if (parent !== undefined) attrs.parent = parent;
    if (files.length > 0) attrs.files = files.join(' ');
    const appended = await this.writes.append(logid, [{ tag: 'query', attrs, content: question }], {
      field: 'parent',
    });
    return {
      position: appended.index,
      eid: appended.entries[0]!.attrs.eid!,
      written: { parent: appended.parent, version: appended.version },
    };
  }

  async submit(user: UserRow, input: Input): Promise<QueryResult> {
    const q = await this.prepare(user, input);
    for await (const event of this.stream(q, false)) {
      if (event.type === 'done') return { modified_status: true, data: event.data };
      if (event.type === 'cancelled') throw Conflict(CANCELLED, 'cancelled');
      if (event.type === 'error') throw new QueryFailed(event.reason);
    }
    throw new Error('The answer stream ended without an outcome.');
  }

  /**
   * Yields text deltas as they arrive, then `done` with the stored entry, `error` or `cancelled`.
   * The caller may stop listening; the answer is still read to its end (or its cap) and stored.
   * Stopped by its owner, what arrived is stored as the answer, marked as stopped.
   */
  async *stream(q: PreparedQuery, streamed = true): AsyncGenerator<StreamEvent> {
    const use = { recorded: false };
    try {
      yield* this.read(q, streamed, use);
    } finally {
      // A recorded usage row has replaced the reservation; without one, it is freed here.
      if (!use.recorded) await q.admission.release();
    }
  }

  private async *read(
    q: PreparedQuery,
    streamed: boolean,
    use: { recorded: boolean },
  ): AsyncGenerator<StreamEvent> {
    const answered: AnsweredQuery = { ...q, started: performance.now(), streamed };
    const answer = new AnswerBuffer(this.options.maxAnswerChars);
    const thought = new Thought(this.options.maxAnswerChars);
    const reported: ReadAnswer['reported'] = {};
    let failure: unknown;
    const call = this.calls.begin(q.logid, q.qid, this.options.timeoutMs);
    try {
      for await (const part of streamAnswer(q.languageModel, q.prompt, call.signal, q.settings)) {
        if (part.type === 'reasoning') {
          const text = thought.push(part.text);
          if (text) yield { type: 'reasoning', text };
        } else if (part.type === 'text') {
          thought.end();
          const text = answer.push(part.text);
          if (text) yield { type: 'delta', text };
          if (answer.full) {
            call.cut();
            break;
          }
        } else if (part.type === 'error') {
          failure = part.error;
        } else {
          reported.input = part.tokens.input;
          reported.output = part.tokens.output;
        }
      }
    } catch (error) {
      failure = error;
    } finally {
      call.end();
    }
    const text = answer.finish();
    const ending = endingOf(call.cancelled(), answer.full, failure, text);
    if (ending === null && call.cancelled()) {
      await this.recorder.cancelled(answered);
      use.recorded = true;
      yield { type: 'cancelled', detail: CANCELLED };
    } else if (ending === null) {
      const error = await this.recorder.failed(answered, failure);
      use.recorded = true;
      yield { type: 'error', detail: AI_FAILED, reason: error.reason };
    } else {
      const data = await this.recorder.stored(answered, {
        text,
        ending,
        reported,
        reasoning: thought.finish(),
      });
      use.recorded = true;
      yield { type: 'done', data };
    }
  }

  /**
   * Stops a query in flight (the Scribe's stop button): the text that arrived is stored as the
   * answer, marked as stopped; the query entry stays either way.
   */
  async cancel(user: UserRow, logid: string, qid: string): Promise<{ cancelled: boolean }> {
    await this.access.writableLogbook(user, logid);
    return { cancelled: this.calls.stop(logid, qid) };
  }
}

/** How reading ended, or null when there is no answer to store (a failure, or a stop before any text). */
function endingOf(stopped: boolean, full: boolean, failure: unknown, text: string): Ending | null {
  if (stopped) return text === '' ? null : 'stopped';
  if (full) return 'cut';
  // Past the byte limit with text in hand: as good as reaching the cap.
  if (failure !== undefined) return answerTooLarge(failure) !== undefined && text !== '' ? 'cut' : null;
  return 'complete';
}
