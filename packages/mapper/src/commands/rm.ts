import { isTag, serializeLog, type Tag, withoutEntries } from '@caravanserai/logbook';
import type { CommandEnv } from '../command-env.js';
import { fail } from '../command-error.js';
import { confirm, countEntries } from '../confirm.js';
import { fetchLogbook, readEntries, targetLogid } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';
import { usageLines } from '../usage.js';

async function removeLogbook(env: CommandEnv, logid: string): Promise<void> {
  const logbook = await fetchLogbook(env, logid, M.deleteNotFound);
  writeLines(env.io, `${logbook.title} (${logbook.logid}): ${logbook.entry_count} entries`);
  const request = { title: 'Delete logbook', question: M.deleteConfirm, action: 'Delete' };
  if (!(await confirm(env, request))) {
    writeLines(env.io, 'Cancelled: nothing was deleted.');
    return;
  }
  try {
    await env.api.logbooks.remove(logid);
  } catch {
    fail(M.deleteFailed);
  }
  writeLines(env.io, M.deleted);
}

/** Asks first, then one log write carrying the version read, so entries added meanwhile are never lost. */
async function removeTag(env: CommandEnv, tag: Tag, given: string | undefined): Promise<void> {
  const logbook = await fetchLogbook(env, await targetLogid(env, given), M.retrieveFailed);
  const entries = readEntries(logbook);
  // Branches stay as they were: what followed a removed entry follows what it followed.
  const kept = withoutEntries(entries, (e) => e.tag === tag);
  const removed = countEntries(entries.length - kept.length, tag);
  if (kept.length === entries.length) {
    writeLines(env.io, `No <${tag}> entries in ${logbook.title}.`);
    return;
  }
  const request = {
    title: 'Remove entries',
    question: `Remove ${removed} from ${logbook.title}? This cannot be undone.`,
    action: `Remove ${countEntries(entries.length - kept.length)}`,
  };
  if (!(await confirm(env, request))) {
    writeLines(env.io, 'Cancelled: nothing was removed.');
    return;
  }
  try {
    await env.api.logbooks.updateLog(logbook.logid, { log: serializeLog(kept), version: logbook.version });
  } catch {
    fail(M.writeFailed);
  }
  writeLines(env.io, `Removed ${removed} from ${logbook.title}.`);
}

export const rm: CommandSpec = {
  name: 'rm',
  summary: 'Deletes a logbook, or with -t every entry with that tag (asks y/n first).',
  usage: '-l LOGID | -t TAG [-l LOGID]',
  options: [
    { name: 'logid', short: 'l', value: 'LOGID', summary: 'the logbook' },
    { name: 'tag', short: 't', value: 'TAG', summary: 'remove the entries with this tag instead' },
  ],
  examples: [
    { line: 'rm -t comment', note: 'drops the comments of the latest logbook after a y/n' },
    { line: 'rm -l LOGID', note: 'deletes LOGID after a y/n' },
  ],
  async run(env, args) {
    const tag = args.get('tag');
    const logid = args.get('logid');
    if (tag !== undefined) {
      if (!isTag(tag)) fail(M.invalidTag(tag));
      return removeTag(env, tag, logid);
    }
    if (logid !== undefined) return removeLogbook(env, logid);
    fail('Error: Name a logbook (-l) or a tag (-t).', ...usageLines(rm));
  },
};
