import { isTag, serializeLog, type Tag } from '@caravanserai/logbook';
import { fail } from '../../command-error.js';
import type { CommandContext } from '../../context.js';
import { TERMINAL_MESSAGES as M } from '../../messages.js';
import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';
import { usageLines } from '../../usage.js';
import { confirm } from '../confirm.js';
import { fetchLogbook, readEntries, targetLogid } from '../logbooks.js';

async function removeLogbook(ctx: CommandContext, logid: string): Promise<void> {
  const logbook = await fetchLogbook(ctx, logid, M.deleteNotFound);
  writeLines(ctx.io, `${logbook.title} (${logbook.logid}): ${logbook.entry_count} entries`);
  if (!(await confirm(ctx, M.deleteConfirm))) {
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

/** One log write carrying the version read, so entries added meanwhile are never lost. */
async function removeTag(ctx: CommandContext, tag: Tag, given: string | undefined): Promise<void> {
  const logbook = await fetchLogbook(ctx, await targetLogid(ctx, given), M.retrieveFailed);
  const entries = readEntries(logbook);
  const kept = entries.filter((e) => e.tag !== tag);
  const removed = entries.length - kept.length;
  if (removed === 0) {
    writeLines(ctx.io, `No <${tag}> entries in ${logbook.title}.`);
    return;
  }
  try {
    await ctx.api.logbooks.updateLog(logbook.logid, { log: serializeLog(kept), version: logbook.version });
  } catch {
    fail(M.writeFailed);
  }
  writeLines(
    ctx.io,
    `Removed ${removed} <${tag}> ${removed === 1 ? 'entry' : 'entries'} from ${logbook.title}.`,
  );
}

export const rm: CommandSpec = {
  name: 'rm',
  summary: 'Deletes a logbook (asks y/n), or with -t every entry with that tag.',
  usage: '-l LOGID | -t TAG [-l LOGID]',
  options: [
    { name: 'logid', short: 'l', value: 'LOGID', summary: 'the logbook' },
    { name: 'tag', short: 't', value: 'TAG', summary: 'remove the entries with this tag instead' },
  ],
  examples: [
    { line: 'rm -t comment', note: 'drops the comments of the latest logbook' },
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
