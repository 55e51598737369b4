import { join } from 'node:path';
import { ApiClient, pathOf, routes } from '@caravanserai/api';
import Database from 'better-sqlite3';
import { benchWell, signUp } from './api.js';
import type { Figure } from './results.js';

const ROWS = 1_000_000;
const MEMBERS = 50;
/** Half the table is the caravan's use over the past year; the rest, other people's own wells. */
const CARAVAN_SHARE = 0.5;
const ROUNDS = 100;
const BUDGET_MS = 100;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function userId(api: ApiClient): Promise<number> {
  return (await api.auth.user()).pk;
}

/** A member with a name of its own (signUp's names are by the millisecond). */
async function signUpMember(baseUrl: string, n: number): Promise<ApiClient> {
  const username = `bench${Date.now()}m${n}`;
  const password = 'bench-password-123';
  const { key } = await new ApiClient({ baseUrl }).auth.register({
    username,
    password1: password,
    password2: password,
  });
  return new ApiClient({ baseUrl, token: key });
}

/**
 * Writes the usage rows straight into the server's SQLite file (its WAL lets a second connection
 * write while it runs): answered queries spread over a year, a few failures among them.
 */
function insertUsage(file: string, caravanId: string, wellid: string, memberIds: number[], others: number[]) {
  const db = new Database(file);
  db.pragma('busy_timeout = 30000');
  const insert = db.prepare(
    `insert into usage (id, user_id, wellid, logid, provider, model, input_tokens, output_tokens,
       latency_ms, outcome, streamed, estimated, caravan_id, created_at)
     values (?, ?, ?, null, 'openai-compatible', ?, ?, ?, 100, ?, 1, 0, ?, ?)`,
  );
  const now = Date.now();
  const models = ['bench-model', 'llama3.2', 'qwen2.5'];
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const inCaravan = i < ROWS * CARAVAN_SHARE;
      const user = inCaravan ? memberIds[i % memberIds.length]! : others[i % others.length]!;
      insert.run(
        `bench${i.toString(36).padStart(8, '0')}`,
        user,
        inCaravan ? wellid : null,
        models[i % models.length],
        20 + (i % 400),
        50 + (i % 900),
        i % 50 === 0 ? 'error' : 'ok',
        inCaravan ? caravanId : null,
        now - (Math.floor((i / ROWS) * YEAR_MS * 7) % YEAR_MS),
      );
    }
  })();
  // The server keeps the caravan's daily roll-up with each usage row it writes; rows written
  // behind its back are added the way its migration fills the roll-up from stored rows.
  db.prepare(
    `insert into caravan_usage_daily (caravan_id, day, user_id, wellid, provider, model,
       queries, errors, input_tokens, output_tokens, answered_tokens)
     select caravan_id, created_at / ${DAY_MS}, user_id, coalesce(wellid, ''), provider, model,
       sum(case when outcome in ('ok', 'truncated', 'stopped') then 1 else 0 end),
       sum(case when outcome in ('error', 'timeout') then 1 else 0 end),
       sum(input_tokens), sum(output_tokens),
       sum(case when outcome in ('ok', 'truncated', 'stopped') then input_tokens + output_tokens else 0 end)
     from usage where caravan_id = ?
     group by caravan_id, created_at / ${DAY_MS}, user_id, coalesce(wellid, ''), provider, model`,
  ).run(caravanId);
  db.pragma('optimize');
  db.close();
}

async function timeGet(url: string, token: string): Promise<number[]> {
  const headers = { authorization: `Token ${token}` };
  const once = async () => {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`caravan usage answered ${res.status}`);
    return performance.now() - start;
  };
  for (let i = 0; i < 10; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push(await once());
  return samples.sort((a, b) => a - b);
}

/**
 * A caravan's usage summary (GET /caravans/{id}/usage/, by member) over a usage table of
 * 1,000,000 rows, half of them the caravan's spread over a year: this month's summary, and the
 * whole year's (by member and by day), which sum every one of the caravan's 500,000 rows (read
 * through the server's daily roll-up of them).
 */
export async function caravanUsageScenario(
  baseUrl: string,
  fakeUrl: string,
  dataDir: string,
): Promise<Figure[]> {
  const leader = await signUp(baseUrl);
  const well = await benchWell(leader, fakeUrl, 'caravan bench well');
  const caravan = await leader.caravans.create({ name: 'Bench caravan' });
  await leader.caravans.shareWell(caravan.caravan_id, { wellid: well.wellid });
  const memberIds = [await userId(leader)];
  const others: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = await signUpMember(baseUrl, i);
    const me = await member.auth.user();
    const invite = await leader.caravans.invite(caravan.caravan_id, { username: me.username });
    await member.caravans.accept(invite.invite_id);
    memberIds.push(me.pk);
    others.push(me.pk);
  }
  insertUsage(join(dataDir, 'caravanserai.sqlite3'), caravan.caravan_id, well.wellid, memberIds, others);

  const token = leader.token!;
  const usage = (query: { group_by: string; from?: string }) =>
    `${baseUrl}${pathOf(routes.caravans.usage, { id: caravan.caravan_id }, query)}`;
  const base = usage({ group_by: 'member' });
  const month = await timeGet(base, token);
  const from = new Date(Date.now() - YEAR_MS + DAY_MS).toISOString().slice(0, 10);
  const year = await timeGet(`${base}&from=${from}`, token);
  const yearByDay = await timeGet(usage({ group_by: 'day', from }), token);
  const figure = (name: string, sorted: number[], budget: boolean): Figure[] => [
    {
      name: `${name} p50`,
      value: `${percentile(sorted, 50).toFixed(1)} ms`,
      budget: budget ? `< ${BUDGET_MS} ms` : '—',
      ok: budget ? percentile(sorted, 50) < BUDGET_MS : null,
    },
    {
      name: `${name} p95`,
      value: `${percentile(sorted, 95).toFixed(1)} ms`,
      budget: budget ? `< ${BUDGET_MS} ms` : '—',
      ok: budget ? percentile(sorted, 95) < BUDGET_MS : null,
    },
  ];
  return [
    ...figure('Caravan usage by member, this month (1,000,000 usage rows)', month, true),
    ...figure('Caravan usage by member, a whole year (500,000 of the caravan’s rows)', year, true),
    ...figure('Caravan usage by day, a whole year (500,000 of the caravan’s rows)', yearByDay, true),
  ];
}
