import type { Logbook, LogbookSummary } from '@caravanserai/api';
import { type Entry, InvalidLogError, parseLog } from '@caravanserai/logbook';
import type { CommandEnv } from './command-env.js';
import { fail } from './command-error.js';
import { MAPPER_MESSAGES as M } from './messages.js';

/** The user's logbooks, most recently modified first (the server's order, which `ls` shows). */
export async function listLogbooks(env: CommandEnv): Promise<LogbookSummary[]> {
  try {
    return await env.api.logbooks.list();
  } catch {
    fail(M.logbooksFailed);
  }
}

/** The logid given with -l, else the default logbook: the most recently modified one. */
export async function targetLogid(env: CommandEnv, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const [first] = await listLogbooks(env);
  if (!first) fail(M.noLogbooks);
  return first.logid;
}

/** One logbook, or the command ends with `failure` (each command has its own wording). */
export async function fetchLogbook(env: CommandEnv, logid: string, failure: string): Promise<Logbook> {
  try {
    return await env.api.logbooks.get(logid);
  } catch {
    fail(failure);
  }
}

export function readEntries(logbook: Pick<Logbook, 'log'>, failure: string = M.invalidXml): Entry[] {
  try {
    return parseLog(logbook.log);
  } catch (error) {
    if (error instanceof InvalidLogError) fail(failure);
    throw error;
  }
}

/** A non-negative whole number as typed, or null: '3' yes; '3.5', '-1' and '3x' no. */
export function parseIndex(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}
