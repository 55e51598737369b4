import { type Entry, isNotice, tokenCount } from '@caravanserai/logbook';

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
  /** The model stopped at its maximum length. */
  atLength: boolean;
}

/** The answer's marks, or null for an entry that carries none (not an answer, a notice, an old import). */
export function answerMeta(entry: Entry): AnswerMeta | null {
  if (isNotice(entry)) return null;
  const { attrs } = entry;
  const meta: AnswerMeta = {
    model: attrs.model ?? null,
    inputTokens: tokenCount(attrs.input_tokens),
    outputTokens: tokenCount(attrs.output_tokens),
    estimated: attrs.tokens_estimated === 'true',
    cut: attrs.truncated === 'true',
    stopped: attrs.stopped === 'true',
    atLength: attrs.finish === 'length',
  };
  const marked = meta.model !== null || meta.inputTokens !== null || meta.outputTokens !== null;
  return marked || meta.cut || meta.stopped || meta.atLength ? meta : null;
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
