import type { CaravanUsage } from '@caravanserai/api';

const DAY_MS = 86_400_000;
const ANSWERED = ['ok', 'truncated', 'stopped'];
const FAILED = ['error', 'timeout'];

export interface RawUsage {
  user_id: number;
  wellid: string | null;
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  outcome: string;
  caravan_id: string | null;
  created_at: number;
}

type GroupBy = CaravanUsage['group_by'];
type Figures = Omit<CaravanUsage['rows'][number], 'key'>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * What a caravan usage summary must answer, computed here from the usage rows themselves (every
 * row in the range, one by one), to hold the server's answer against. Rows come sorted by key.
 */
export function expectedSummary(
  rows: readonly RawUsage[],
  q: { caravanId: string; from: string; to: string; groupBy: GroupBy; userId?: number },
  usernames: ReadonlyMap<number, string>,
): CaravanUsage {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`) + DAY_MS;
  const groups = new Map<string, Figures>();
  for (const r of rows) {
    if (r.caravan_id !== q.caravanId || r.created_at < from || r.created_at >= to) continue;
    if (q.userId !== undefined && r.user_id !== q.userId) continue;
    const key = {
      member: () => usernames.get(r.user_id) ?? String(r.user_id),
      well: () => r.wellid ?? '',
      model: () => `${r.provider}/${r.model}`,
      day: () => day(Math.floor(r.created_at / DAY_MS) * DAY_MS),
    }[q.groupBy]();
    const g = groups.get(key) ?? { queries: 0, input_tokens: 0, output_tokens: 0, errors: 0 };
    g.queries += ANSWERED.includes(r.outcome) ? 1 : 0;
    g.errors += FAILED.includes(r.outcome) ? 1 : 0;
    g.input_tokens += r.input_tokens;
    g.output_tokens += r.output_tokens;
    groups.set(key, g);
  }
  const out = [...groups].map(([key, g]) => ({ key, ...g })).sort(byKey);
  const totals = out.reduce(
    (t, r) => ({
      queries: t.queries + r.queries,
      input_tokens: t.input_tokens + r.input_tokens,
      output_tokens: t.output_tokens + r.output_tokens,
      errors: t.errors + r.errors,
    }),
    { queries: 0, input_tokens: 0, output_tokens: 0, errors: 0 },
  );
  return { from: q.from, to: q.to, group_by: q.groupBy, rows: out, totals };
}

export function byKey(a: { key: string }, b: { key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** The CSV the usage call sends for a summary. */
export function csvOf(summary: CaravanUsage): string {
  const lines = [`${summary.group_by},queries,input_tokens,output_tokens,errors`];
  for (const r of summary.rows)
    lines.push(`${r.key},${r.queries},${r.input_tokens},${r.output_tokens},${r.errors}`);
  return `${lines.join('\r\n')}\r\n`;
}
