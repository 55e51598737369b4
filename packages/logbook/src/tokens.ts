/** What the answers of a logbook took, in and out. */
export interface TokenTotals {
  inputTokens: number;
  outputTokens: number;
  /** Some of the counts are estimates. */
  estimated: boolean;
  /** How many answers carried counts. */
  answers: number;
}

/** A token count as an answer's attribute holds it; null when absent or not a count. */
export function tokenCount(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * A total kept to Number.MAX_SAFE_INTEGER at most: counts of up to 15 digits each, written by
 * whoever writes the log, can add up past it, to a number that is no longer an exact integer.
 */
function upToSafe(sum: number): number {
  return Math.min(sum, Number.MAX_SAFE_INTEGER);
}

export function noTokens(): TokenTotals {
  return { inputTokens: 0, outputTokens: 0, estimated: false, answers: 0 };
}

/** Adds one entry's counts (its attributes) to `totals`, in place; entries without counts add nothing. */
export function addTokens(totals: TokenTotals, attrs: Readonly<Record<string, string>>): void {
  const input = tokenCount(attrs.input_tokens);
  const output = tokenCount(attrs.output_tokens);
  if (input === null && output === null) return;
  totals.inputTokens = upToSafe(totals.inputTokens + (input ?? 0));
  totals.outputTokens = upToSafe(totals.outputTokens + (output ?? 0));
  totals.answers += 1;
  if (attrs.tokens_estimated === 'true') totals.estimated = true;
}

/**
 * What the answers among `entries` cost, whatever they became since (a mirage or a deleted answer
 * was paid for all the same).
 */
export function tokenTotals(entries: readonly { attrs: Readonly<Record<string, string>> }[]): TokenTotals {
  const totals = noTokens();
  for (const entry of entries) addTokens(totals, entry.attrs);
  return totals;
}
