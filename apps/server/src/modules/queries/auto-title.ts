import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createTextCleaner } from '@caravanserai/logbook';
import type { UserRow } from '../../db/database.js';
import { streamAnswer } from '../../providers/answer-stream.js';
import type { QueryAdmission } from '../caravans/query-admission.js';
import type { LogbooksRepository } from '../logbooks/logbooks.repository.js';
import { DEFAULT_TITLE } from '../logbooks/logbooks.service.js';
import type { UsageService } from '../usage/usage.service.js';
import type { QueryWell } from '../wells/wells.service.js';

/** What a logbook still titled 'Default' needs to be given a title after its first answer. */
export interface TitleJob {
  user: UserRow;
  well: QueryWell;
  languageModel: LanguageModelV3;
  provider: string;
  model: string;
  logid: string;
  question: string;
}

/** What the model is asked: a few words, nothing else. */
export const TITLE_PROMPT =
  'Write a short title, at most six words, for the conversation that begins with the question and answer below. Reply with the title only: no quotes, no full stop.';

/** The longest title kept; the model is asked for fewer words than this holds. */
export const MAX_TITLE_CHARS = 80;
/** The question and answer are shown to the model up to this length each. */
const EXCERPT_CHARS = 2000;
const TITLE_TIMEOUT_MS = 30_000;

/**
 * Names a new logbook after its first answer (DESIGN 12): a separate small call through the same
 * well, made once the answer is stored so it never delays it, admitted by the caravans' policies
 * and quotas like any query (skipped when they would refuse it) and recorded in usage. The title
 * is written only if the logbook is still called 'Default' by then.
 */
export class AutoTitles {
  constructor(
    private readonly logbooks: LogbooksRepository,
    private readonly admission: QueryAdmission,
    private readonly usage: UsageService,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts naming in the background; its outcome is the logbook's title, or nothing. */
  start(job: TitleJob, answer: string): void {
    this.name(job, answer).catch(this.onError);
  }

  /** Names the logbook; resolves once done (tests and the background run wait on it alike). */
  async name(job: TitleJob, answer: string): Promise<string | undefined> {
    let admission: Awaited<ReturnType<QueryAdmission['admit']>>;
    try {
      admission = await this.admission.admit(job.user, job.well);
    } catch {
      return undefined;
    }
    const started = performance.now();
    let text = '';
    let tokens = { input: 0, output: 0 };
    let outcome: 'ok' | 'error' = 'ok';
    try {
      const prompt = {
        system: [],
        messages: [{ role: 'user' as const, content: titlePrompt(job.question, answer) }],
      };
      for await (const part of streamAnswer(
        job.languageModel,
        prompt,
        AbortSignal.timeout(TITLE_TIMEOUT_MS),
      )) {
        if (part.type === 'text') text += part.text;
        else if (part.type === 'usage')
          tokens = { input: part.tokens.input ?? 0, output: part.tokens.output ?? 0 };
        else if (part.type === 'error') outcome = 'error';
        if (text.length > MAX_TITLE_CHARS * 4) break;
      }
    } catch {
      outcome = 'error';
    }
    const record = this.usage.record({
      userId: job.user.id,
      wellid: job.well.row.wellid,
      logid: job.logid,
      provider: job.provider,
      model: job.model,
      inputTokens: tokens.input,
      outputTokens: tokens.output,
      estimated: false,
      latencyMs: performance.now() - started,
      outcome,
      streamed: true,
      caravanId: admission.caravanId,
      reservationId: admission.reservationId,
      rentalId: admission.rentalId,
    });
    // A recorded usage row replaces the reservation; without one, it is freed here.
    await record.catch(async (error: unknown) => {
      await admission.release();
      throw error;
    });
    const title = outcome === 'ok' ? cleanTitle(text) : '';
    if (title === '') return undefined;
    const named = await this.logbooks.retitleDefault(job.logid, DEFAULT_TITLE, title);
    return named ? title : undefined;
  }
}

function titlePrompt(question: string, answer: string): string {
  const cut = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text);
  return `${TITLE_PROMPT}\n\nQuestion:\n${cut(question)}\n\nAnswer:\n${cut(answer)}`;
}

/**
 * A model's title as a logbook's: one line, without the quotes, "Title:" or full stop models
 * add anyway, and no longer than MAX_TITLE_CHARS (cut at a word).
 */
export function cleanTitle(raw: string): string {
  const cleaner = createTextCleaner();
  // What a logbook cannot store is replaced by U+FFFD in answers; a title just leaves it out.
  const clean = (cleaner.push(raw) + cleaner.flush()).replace(/\uFFFD/g, '');
  let title = (clean.split('\n').find((line) => line.trim() !== '') ?? '').trim();
  title = title.replace(/^(title\s*:\s*)/i, '').replace(/^[*#\s]+|[*\s]+$/g, '');
  title = title
    .replace(/^["'“‘«]+|["'”’»]+$/g, '')
    .replace(/[.。]+$/, '')
    .trim();
  title = title.replace(/\s+/g, ' ');
  if (title.length <= MAX_TITLE_CHARS) return title;
  const cut = title.slice(0, MAX_TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return (space > MAX_TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trim();
}
