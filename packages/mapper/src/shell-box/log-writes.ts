import type { Logbook, QuerySubmit } from '@caravanserai/api';
import { type Entry, InvalidLogError, notice, parseLog, serializeLog, type Tag } from '@caravanserai/logbook';
import { fail } from '../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../messages.js';
import type { ShellBoxContext } from './context.js';

function changed(ctx: ShellBoxContext): void {
  ctx.host.logbookChanged?.(ctx.logbook.logid);
}

/** Appends one entry to the page's logbook. */
export async function appendEntry(
  ctx: ShellBoxContext,
  tag: Tag,
  content: string,
  attrs: Record<string, string> = {},
): Promise<void> {
  try {
    await ctx.api.tags.submit({ logid: ctx.logbook.logid, tag, content, attrs });
  } catch {
    fail(M.notUpdated);
  }
  changed(ctx);
}

/** Writes one of the spec's notices to the log: a gen entry marked so no model takes it for an answer. */
export function appendNotice(ctx: ShellBoxContext, text: string): Promise<void> {
  const { tag, attrs, content } = notice(text);
  return appendEntry(ctx, tag, content, attrs);
}

export async function readLogbook(ctx: ShellBoxContext): Promise<{ logbook: Logbook; entries: Entry[] }> {
  let logbook: Logbook;
  try {
    logbook = await ctx.api.logbooks.get(ctx.logbook.logid);
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
export async function writeEntries(ctx: ShellBoxContext, version: number, entries: readonly Entry[]) {
  try {
    await ctx.api.logbooks.updateLog(ctx.logbook.logid, { log: serializeLog(entries), version });
  } catch {
    fail(M.notUpdated);
  }
  changed(ctx);
}

/**
 * Asks the well. The server follows the logbook's memory setting: off, the log's context entries
 * go as the system context (the spec's rule); on, it replays the stored conversation.
 */
export async function askWell(ctx: ShellBoxContext, prompt: string): Promise<void> {
  const body: QuerySubmit = { logid: ctx.logbook.logid, prompt, shell_mode: 'QUERY' };
  if (ctx.logbook.wellid) body.wellid = ctx.logbook.wellid;
  try {
    await ctx.api.queries.submit(body, ctx.signal);
  } catch {
    fail(M.aiFailed);
  } finally {
    // A failed query still keeps its query entry, so the page has something new either way.
    changed(ctx);
  }
}
