import { ApiError, type QuerySubmit } from '@caravanserai/api';
import type { CommandEnv } from './command-env.js';
import { fail } from './command-error.js';
import { MAPPER_MESSAGES as M } from './messages.js';

/** The wells a compare names: ids separated by commas (`-w WELLID,WELLID`). */
export function wellList(value: string): string[] {
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/**
 * Asks one question through several wells at once (DESIGN 12). A terminal cannot show answers
 * side by side, so once all have ended each is printed whole under its well's name and model,
 * with its eid: the answers are stored as siblings, and `logbook head` keeps the one wanted.
 */
export async function compareAnswers(env: CommandEnv, body: QuerySubmit): Promise<void> {
  const names = new Map<number, string>();
  const outcomes = await env.api.queries.compare(body, {
    ...(env.signal ? { signal: env.signal } : {}),
    onQuery(query) {
      for (const lane of query.lanes ?? []) names.set(lane.lane, `${lane.title} (${lane.model})`);
    },
  });
  for (const outcome of outcomes) {
    env.io.write(`── ${names.get(outcome.lane) ?? `Answer ${outcome.lane + 1}`} ──\n`);
    if ('data' in outcome) env.io.write(`${outcome.data.gen}\n[eid ${outcome.data.entry.attrs.eid}]\n\n`);
    else env.io.write(`${M.wellFailed} ${outcome.error.reason ?? outcome.error.detail ?? ''}\n\n`);
  }
  if (outcomes.every((o) => 'error' in o)) fail(M.wellFailed);
}

/** A refusal of the request itself, in the server's words, for the fields a query names. */
export function fieldRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const field of ['files', 'settings', 'wellids', 'wellid', 'continues']) {
    const message = error.fields[field]?.[0];
    if (message) return message;
  }
  return undefined;
}
