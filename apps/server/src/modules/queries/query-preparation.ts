import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { CompareLane, QuerySubmit } from '@caravanserai/api';
import { type Entry, filesOf, newQid } from '@caravanserai/logbook';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import { bool } from '../../db/columns.js';
import type { LogbookRow, UserRow } from '../../db/database.js';
import { fieldError } from '../../errors.js';
import { LanguageModels } from '../../providers/language-models.js';
import { acceptsImages } from '../../providers/model-inputs.js';
import { type CallSettings, callSettings, refusedSetting } from '../../providers/model-settings.js';
import { type Origin, parseOriginLoc } from '../../providers/registry.js';
import type { Admission, QueryAdmission } from '../caravans/query-admission.js';
import type { FilesService } from '../files/files.service.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import type { EntriesService } from '../logbooks/entries.service.js';
import { decodeAttrs } from '../logbooks/entry-codec.js';
import { toModelSettings } from '../logbooks/logbooks.presenter.js';
import { DEFAULT_TITLE } from '../logbooks/logbooks.service.js';
import type { QueryWell, WellsService } from '../wells/wells.service.js';
import type { AnsweredQuery } from './answer-recorder.js';
import type { TitleJob } from './auto-title.js';
import { type Continuing, continuationMessages, continuing } from './continuation.js';
import { concealedOf } from './provider-error.js';
import type { Asked, QueryPrompts } from './query-prompt.js';

type Input = z.output<typeof QuerySubmit>;
type StoredQuery = Awaited<ReturnType<EntriesRepository['withQid']>>[number];

/** A stored entry's attributes, to read its files. */
function asEntry(row: StoredQuery): Entry {
  return { tag: 'query', attrs: decodeAttrs(row.attrs), content: row.content };
}

/** One answer ready to ask for: its query is stored, its prompt built, its well's model at hand. */
export interface PreparedQuery extends Omit<AnsweredQuery, 'started' | 'streamed'> {
  languageModel: LanguageModelV3;
  /** The logbook's model settings in the provider's terms. */
  settings: CallSettings;
  /** Its place under the caravan's quotas, freed once its use is recorded. */
  admission: Admission;
  /** Which answer of a compare it is; undefined for a single answer. */
  lane?: number;
  /** Set when the logbook is to be named once this answer is stored (DESIGN 12). */
  titling?: TitleJob;
}

/** What the stream's `query` event says of the stored question. */
export interface QueryAnnounced {
  qid: string;
  index: number;
  eid: string;
  /** For a query written now (not asked again): the entry it follows and the version it made. */
  parent?: string | null;
  version?: number;
  lanes?: CompareLane[];
}

/** A question ready to be answered once, or once per well of a compare. */
export interface PreparedAsk {
  query: QueryAnnounced;
  answers: PreparedQuery[];
}

/** A well a question goes to, checked: its provider and model known, its settings taken. */
interface Chosen {
  well: QueryWell;
  origin: Origin;
}

/**
 * Everything before a provider is called: access, the wells and their models, the files, the
 * settings and the caravans' admission are checked first, so a refusal stores nothing; then the
 * query is stored (once per qid) and each answer's prompt built.
 */
export class QueryPreparation {
  private readonly models = new LanguageModels();

  constructor(
    private readonly access: Access,
    private readonly entries: EntriesRepository,
    private readonly writes: EntriesService,
    private readonly wells: WellsService,
    private readonly admission: QueryAdmission,
    private readonly prompts: QueryPrompts,
    private readonly files: FilesService,
    private readonly options: { maxAnswerChars: number; fetch: typeof fetch },
  ) {}

  async prepare(user: UserRow, input: Input): Promise<PreparedAsk> {
    // Salted (409), not yours (403) or not there (404): refused before any provider is called.
    const logbook = await this.access.unsaltedLogbook(user, input.logid);
    const going = input.continues === undefined ? undefined : await this.continued(input, input.continues);
    const qid = going?.qid ?? input.qid ?? newQid();
    // Only a qid the caller chose can name a stored query: asking it again (a retry, a new
    // answer, an edited question) sends the query as it is stored now, with its files.
    const stored = going || input.qid !== undefined ? await this.entries.withQid(input.logid, qid) : [];
    const existing = stored.find((e) => e.tag === 'query');
    if (going && !existing) throw fieldError('continues', 'The question of this answer is gone.');
    const files = existing ? filesOf(asEntry(existing)) : (input.files ?? []);

    const wellids = input.wellids ?? [input.wellid || logbook.logwell];
    const chosen: Chosen[] = [];
    const field = input.wellids === undefined ? 'wellid' : 'wellids';
    for (const wellid of wellids)
      chosen.push(await this.choose(user, wellid, field, logbook, files, !existing));
    const admissions = await this.admitAll(user, chosen);
    try {
      const question = existing?.content ?? input.prompt;
      // A new question follows the active leaf, or the entry an edit names (DESIGN 3a). Asked
      // again, a stored one keeps its place; a new answer to a question already answered follows
      // the question, beside the old answers (a regenerated answer), as every answer of a compare
      // does; a first answer follows the active leaf like any entry (a queue of questions
      // answered in turn stays one line).
      const answered = existing !== undefined && stored.some((e) => e.tag !== 'query');
      const asked = existing
        ? { position: existing.position, eid: existing.eid! }
        : await this.appendQuery(input.logid, { qid, question, files }, input.parent);
      const beside = answered || input.wellids !== undefined;
      // Named after its answer: a logbook still called 'Default', for a user who wants it; in a
      // compare, after the first well's.
      const titled = !going && logbook.title === DEFAULT_TITLE && bool(user.auto_titles);
      const answers = await Promise.all(
        chosen.map(async ({ well, origin }, lane): Promise<PreparedQuery> => {
          const prompt = await this.prompts.build(
            input,
            bool(logbook.memory),
            { qid, question, files },
            origin,
            {
              user,
              jid: logbook.jid,
            },
          );
          if (going) prompt.messages.push(...continuationMessages(going));
          const languageModel = this.modelFor(well, origin);
          return {
            userId: user.id,
            logid: input.logid,
            qid,
            wellid: well.row.wellid,
            provider: origin.family.id,
            model: origin.model,
            apiKey: well.apiKey,
            concealed: concealedOf(well),
            prompt,
            queryEid: asked.eid,
            answerFollows: beside ? asked.eid : undefined,
            ...(going && { continuing: going }),
            languageModel,
            settings: callSettings(origin, toModelSettings(logbook)),
            caravanId: admissions[lane]!.caravanId,
            reservationId: admissions[lane]!.reservationId,
            rentalId: admissions[lane]!.rentalId,
            admission: admissions[lane]!,
            ...(input.wellids !== undefined && { lane }),
            ...(titled &&
              lane === 0 && {
                titling: {
                  user,
                  well,
                  languageModel,
                  provider: origin.family.id,
                  model: origin.model,
                  logid: input.logid,
                  question,
                },
              }),
          };
        }),
      );
      const query: QueryAnnounced = {
        qid,
        index: asked.position,
        eid: asked.eid,
        ...('written' in asked && asked.written),
        ...(input.wellids !== undefined && { lanes: answers.map(laneOf(chosen)) }),
      };
      return { query, answers };
    } catch (error) {
      await Promise.all(admissions.map((a) => a.release()));
      throw error;
    }
  }

  /**
   * The provider's model a well calls, made once and reused, its fetch guarded against private
   * addresses and oversized answers: the gateway's calls go through here too.
   */
  modelFor(well: QueryWell, origin: Origin): LanguageModelV3 {
    return this.models.get(origin, well.row.model_url, well.apiKey, this.options.fetch);
  }

  /** The answer a continue names, checked: a stopped or cut answer with room to go on. */
  private async continued(input: Input, eid: string): Promise<Continuing> {
    const row = await this.entries.byEid(input.logid, eid);
    return continuing(row && { ...row, attrs: decodeAttrs(row.attrs) }, this.options.maxAnswerChars);
  }

  /** A well the question may go to, with everything it would be sent checked against its model. */
  private async choose(
    user: UserRow,
    wellid: string | null,
    field: string,
    logbook: LogbookRow,
    files: readonly string[],
    fresh: boolean,
  ): Promise<Chosen> {
    if (!wellid)
      throw fieldError('wellid', 'This logbook has no well: attach one in its settings or name one.');
    const well = await this.wells.forQuery(user, wellid, field);
    const originLoc = well.row.origin_loc;
    const origin = parseOriginLoc(originLoc);
    if (!origin) throw fieldError(field, `The well's provider "${originLoc}" is not supported.`);
    await this.checkFiles(user, files, fresh, origin, originLoc);
    const refused = refusedSetting(origin, originLoc, toModelSettings(logbook));
    if (refused !== undefined) throw fieldError('settings', refused);
    return { well, origin };
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

  /**
   * The caravans' policies and quotas, for each call: refused here, nothing is stored and no
   * provider is called; the places already taken are given back.
   */
  private async admitAll(user: UserRow, chosen: readonly Chosen[]): Promise<Admission[]> {
    const admitted: Admission[] = [];
    try {
      for (const { well } of chosen) admitted.push(await this.admission.admit(user, well));
    } catch (error) {
      await Promise.all(admitted.map((a) => a.release()));
      throw error;
    }
    return admitted;
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
}

function laneOf(chosen: readonly Chosen[]) {
  return (answer: PreparedQuery, lane: number): CompareLane => ({
    lane,
    wellid: answer.wellid,
    title: chosen[lane]!.well.row.title,
    model: `${answer.provider}/${answer.model}`,
  });
}
