import type { Logbook } from '@caravanserai/api';
import { NO_CONTEXT, newQid } from '@caravanserai/logbook';
import type { CommandEnv } from '../command-env.js';
import { CommandError, fail, isProviderFailure, policyRefusal } from '../command-error.js';
import { activeLine, contextBefore, type Located, unansweredQueries } from '../logbook-facts.js';
import { fetchLogbook, readEntries, targetLogid } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

/** Queries answered per run. */
export const PILGRIM_BATCH = 10;
const PREVIEW = 10;

function contextPreview(context: string): string {
  return context === NO_CONTEXT ? NO_CONTEXT : `${context.slice(0, PREVIEW)}...`;
}

/** A query needs a qid to be answered in place; one written without gets one first. */
async function qidOf(env: CommandEnv, logbook: Logbook, { index, entry }: Located): Promise<string> {
  if (entry.attrs.qid) return entry.attrs.qid;
  const qid = newQid();
  await env.api.entries.write({ logid: logbook.logid, tag: 'query', index, attrs: { ...entry.attrs, qid } });
  return qid;
}

async function answer(env: CommandEnv, logbook: Logbook, line: readonly Located[], query: Located) {
  const context = contextBefore(line, query.index) || NO_CONTEXT;
  writeLines(env.io, `Query: ${query.entry.content}`, `Context: ${contextPreview(context)}`);
  try {
    const result = await env.api.queries.submit(
      {
        logid: logbook.logid,
        prompt: query.entry.content,
        shell_mode: 'QUERY',
        wellid: logbook.logwell,
        context,
        qid: await qidOf(env, logbook, query),
      },
      { signal: env.signal },
    );
    writeLines(env.io, result.data.gen.trim() ? `Response: ${result.data.gen}` : M.responseNotFound);
  } catch (error) {
    // The well failing on one query leaves it unanswered for the next run; anything else stops the run.
    if (!isProviderFailure(error)) throw error;
    writeLines(env.io, M.noGeneratedResponse);
  }
}

async function pilgrimage(env: CommandEnv, logid: string | undefined): Promise<void> {
  const logbook = await fetchLogbook(env, await targetLogid(env, logid), M.pilgrimFailed);
  const entries = readEntries(logbook);
  // The conversation's current line only: a query left on another branch is not asked again.
  const line = activeLine(entries, logbook.head);
  const pending = unansweredQueries(entries, line);
  if (pending.length === 0) {
    writeLines(env.io, M.noNewQueries);
    return;
  }
  for (const query of pending.slice(0, PILGRIM_BATCH)) await answer(env, logbook, line, query);
  const left = pending.length - PILGRIM_BATCH;
  if (left > 0)
    writeLines(env.io, `${left} more unanswered ${left === 1 ? 'query' : 'queries'}: run pilgrim again.`);
}

export const pilgrim: CommandSpec = {
  name: 'pilgrim',
  summary: `Answers up to ${PILGRIM_BATCH} unanswered queries of a logbook through its well.`,
  usage: '[-l LOGID]',
  options: [{ name: 'logid', short: 'l', value: 'LOGID', summary: 'the logbook (default: the latest)' }],
  examples: [{ line: 'pilgrim -l LOGID', note: 'answers the queries that have no gen entry yet' }],
  async run(env, args) {
    if (!env.user) fail('Error: pilgrim requires a logged-in user.');
    try {
      await pilgrimage(env, args.get('logid'));
    } catch (error) {
      // The spec's own messages (no logbooks, invalid XML) say more than the generic one.
      if (error instanceof CommandError && error.lines[0] !== M.logbooksFailed) throw error;
      // A caravan's limit stops the whole run: say which, after the spec's line.
      const refusal = policyRefusal(error);
      if (refusal) fail(M.pilgrimFailed, refusal);
      fail(M.pilgrimFailed);
    }
  },
};
