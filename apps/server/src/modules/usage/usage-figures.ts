/** What every usage summary counts, for one group of queries or for all of them. */
export interface UsageFigures {
  queries: number;
  /** Queries that failed: no answer was stored. */
  errors: number;
  input_tokens: number;
  output_tokens: number;
}

/** The same figures as SQL sums them: PostgreSQL's are numeric strings, an empty sum is null. */
export type SummedFigures = { [K in keyof UsageFigures]: number | string | null };

/** One group's figures as plain numbers, whichever database summed them. */
export function usageFigures(row: SummedFigures): UsageFigures {
  return {
    queries: Number(row.queries ?? 0),
    errors: Number(row.errors ?? 0),
    input_tokens: Number(row.input_tokens ?? 0),
    output_tokens: Number(row.output_tokens ?? 0),
  };
}

/** The totals of a summary: each figure added up over its rows (zeros when there are none). */
export function usageTotals(rows: readonly UsageFigures[]): UsageFigures {
  const totals: UsageFigures = { queries: 0, errors: 0, input_tokens: 0, output_tokens: 0 };
  for (const row of rows) {
    totals.queries += row.queries;
    totals.errors += row.errors;
    totals.input_tokens += row.input_tokens;
    totals.output_tokens += row.output_tokens;
  }
  return totals;
}
