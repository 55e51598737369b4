import { type Entry, isNotice } from '@caravanserai/logbook';

/** What the server wrote on a stored answer: its model, its token counts and how it ended. */
export interface AnswerMeta {
  /** 'provider/model' */
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** The provider gave no counts: the server estimated them. */
  estimated: boolean;
  /** Cut at the server's answer limit. */
  cut: boolean;
  /** Stopped by its asker part-way. */
  stopped: boolean;
}

function count(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** The answer's marks, or null for an entry that carries none (not an answer, a notice, an old import). */
export function answerMeta(entry: Entry): AnswerMeta | null {
  if (isNotice(entry)) return null;
  const { attrs } = entry;
  const meta: AnswerMeta = {
    model: attrs.model ?? null,
    inputTokens: count(attrs.input_tokens),
    outputTokens: count(attrs.output_tokens),
    estimated: attrs.tokens_estimated === 'true',
    cut: attrs.truncated === 'true',
    stopped: attrs.stopped === 'true',
  };
  const marked = meta.model !== null || meta.inputTokens !== null || meta.outputTokens !== null;
  return marked || meta.cut || meta.stopped ? meta : null;
}

export interface TokenTotals {
  inputTokens: number;
  outputTokens: number;
  /** Some of the counts are estimates. */
  estimated: boolean;
  /** How many answers carried counts. */
  answers: number;
}

/**
 * What the logbook's answers cost, whatever they became since (a mirage or a deleted answer was
 * paid for all the same).
 */
export function tokenTotals(entries: readonly Entry[]): TokenTotals {
  const totals: TokenTotals = { inputTokens: 0, outputTokens: 0, estimated: false, answers: 0 };
  for (const entry of entries) {
    const input = count(entry.attrs.input_tokens);
    const output = count(entry.attrs.output_tokens);
    if (input === null && output === null) continue;
    totals.inputTokens += input ?? 0;
    totals.outputTokens += output ?? 0;
    totals.answers += 1;
    if (entry.attrs.tokens_estimated === 'true') totals.estimated = true;
  }
  return totals;
}

const NUMBER = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return NUMBER.format(value);
}

/** 'openai/gpt-4o · 1,200 in · 350 out tokens (estimated)' */
export function describeAnswerMeta(meta: AnswerMeta): string {
  const parts: string[] = [];
  if (meta.model) parts.push(meta.model);
  if (meta.inputTokens !== null || meta.outputTokens !== null) {
    const tokens = `${formatCount(meta.inputTokens ?? 0)} in · ${formatCount(meta.outputTokens ?? 0)} out tokens`;
    parts.push(meta.estimated ? `${tokens} (estimated)` : tokens);
  }
  return parts.join(' · ');
}
