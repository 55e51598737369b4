import type { Logbook, QuerySubmit } from '@caravanserai/api';
import { type Entry, InvalidLogError, notice, parseLog, serializeLog, type Tag } from '@caravanserai/logbook';
import { fail } from '../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../messages.js';
import type { ShellBoxEnv } from './shell-box-env.js';

function changed(env: ShellBoxEnv): void {
  env.host.logbookChanged?.(env.logbook.logid);
}

/** Appends one entry to the page's logbook. */
export async function appendEntry(
  env: ShellBoxEnv,
  tag: Tag,
  content: string,
  attrs: Record<string, string> = {},
): Promise<void> {
  try {
    await env.api.entries.write({ logid: env.logbook.logid, tag, content, attrs });
  } catch {
    fail(M.notUpdated);
  }
  changed(env);
}

/** Writes one of the spec's notices to the log: a gen entry marked so no model takes it for an answer. */
export function appendNotice(env: ShellBoxEnv, text: string): Promise<void> {
  const { tag, attrs, content } = notice(text);
  return appendEntry(env, tag, content, attrs);
}

export async function readLogbook(env: ShellBoxEnv): Promise<{ logbook: Logbook; entries: Entry[] }> {
  let logbook: Logbook;
  try {
    logbook = await env.api.logbooks.get(env.logbook.logid);
  } catch {
    fail(M.notUpdated);
  }
  try {
    return { logbook, entries: parseLog(logbook.log) };
  } catch (error) {
    if (error instanceof InvalidLogError) fail(M.invalidXml);
    throw error;
  }
}

/** Replaces the entries in one write carrying the version read, so a newer change is never overwritten. */
export async function writeEntries(env: ShellBoxEnv, version: number, entries: readonly Entry[]) {
  try {
    await env.api.logbooks.updateLog(env.logbook.logid, { log: serializeLog(entries), version });
  } catch {
    fail(M.notUpdated);
  }
  changed(env);
}

/**
 * Asks the well. The server follows the logbook's memory setting: off, the log's context entries
 * go as the system context (the spec's rule); on, it replays the stored conversation.
 */
export async function askWell(env: ShellBoxEnv, prompt: string): Promise<void> {
  const body: QuerySubmit = { logid: env.logbook.logid, prompt, shell_mode: 'QUERY' };
  if (env.logbook.wellid) body.wellid = env.logbook.wellid;
  try {
    await env.api.queries.submit(body, { signal: env.signal });
  } catch {
    fail(M.aiFailed);
  } finally {
    // A failed query still keeps its query entry, so the page has something new either way.
    changed(env);
  }
}
