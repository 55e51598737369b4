import { isTag, serializeLog, type Tag } from '@caravanserai/logbook';
import { fail } from '../../command-error.js';
import { confirm, countEntries } from '../../confirm.js';
import type { CommandContext } from '../../context.js';
import { TERMINAL_MESSAGES as M } from '../../messages.js';
import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';
import { usageLines } from '../../usage.js';
import { fetchLogbook, readEntries, targetLogid } from '../logbooks.js';

async function removeLogbook(ctx: CommandContext, logid: string): Promise<void> {
  const logbook = await fetchLogbook(ctx, logid, M.deleteNotFound);
  writeLines(ctx.io, `${logbook.title} (${logbook.logid}): ${logbook.entry_count} entries`);
  const request = { title: 'Delete logbook', question: M.deleteConfirm, action: 'Delete' };
  if (!(await confirm(ctx, request))) {
    writeLines(ctx.io, 'Cancelled: nothing was deleted.');
    return;
  }
  try {
    await ctx.api.logbooks.remove(logid);
  } catch {
    fail(M.deleteFailed);
  }
  writeLines(ctx.io, M.deleted);
}

/** Asks first, then one log write carrying the version read, so entries added meanwhile are never lost. */
async function removeTag(ctx: CommandContext, tag: Tag, given: string | undefined): Promise<void> {
  const logbook = await fetchLogbook(ctx, await targetLogid(ctx, given), M.retrieveFailed);
  const entries = readEntries(logbook);
  const kept = entries.filter((e) => e.tag !== tag);
  const removed = countEntries(entries.length - kept.length, tag);
  if (kept.length === entries.length) {
    writeLines(ctx.io, `No <${tag}> entries in ${logbook.title}.`);
    return;
  }
  const request = {
    title: 'Remove entries',
    question: `Remove ${removed} from ${logbook.title}? This cannot be undone.`,
    action: `Remove ${countEntries(entries.length - kept.length)}`,
  };
  if (!(await confirm(ctx, request))) {
    writeLines(ctx.io, 'Cancelled: nothing was removed.');
    return;
  }
  try {
    await ctx.api.logbooks.updateLog(logbook.logid, { log: serializeLog(kept), version: logbook.version });
  } catch {
    fail(M.writeFailed);
  }
  writeLines(ctx.io, `Removed ${removed} from ${logbook.title}.`);
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
  async run(ctx, args) {
    const tag = args.get('tag');
    const logid = args.get('logid');
    if (tag !== undefined) {
      if (!isTag(tag)) fail(M.invalidTag(tag));
      return removeTag(ctx, tag, logid);
    }
    if (logid !== undefined) return removeLogbook(ctx, logid);
    fail('Error: Name a logbook (-l) or a tag (-t).', ...usageLines(rm));
  },
};
