import { isTag } from '@caravanserai/logbook';
import { fail } from '../../command-error.js';
import { confirm, countEntries } from '../../confirm.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { readLogbook, writeEntries } from '../log-writes.js';

/** The question names how many entries go, so nobody clears more than they meant to. */
function questionFor(count: number, tag: string | null) {
  const what = tag ? countEntries(count, tag) : count === 1 ? 'the only entry' : `all ${count} entries`;
  return {
    title: tag ? `Clear <${tag}> entries` : 'Clear the log',
    question: `Remove ${what} from this logbook? This cannot be undone.`,
    action: `Remove ${countEntries(count)}`,
  };
}

export const clear: CommandSpec<ShellBoxContext> = {
  name: 'clear',
  summary: 'Removes every entry with that tag, or all entries, after asking.',
  usage: '[tag]',
  raw: true,
  async run(ctx, args) {
    const target = args.text.toLowerCase();
    if (target === '') fail(M.missingArgument);
    if (target !== 'all' && !isTag(target)) {
      writeLines(ctx.io, `Invalid tag: ${args.text}`);
      return;
    }
    const tag = target === 'all' ? null : target;
    const { logbook, entries } = await readLogbook(ctx);
    const kept = tag ? entries.filter((e) => e.tag !== tag) : [];
    const count = entries.length - kept.length;
    if (count === 0) {
      writeLines(ctx.io, tag ? `No <${tag}> entries to clear.` : 'The log is already empty.');
      return;
    }
    if (!(await confirm(ctx, questionFor(count, tag)))) {
      writeLines(ctx.io, 'Cancelled: nothing was removed.');
      return;
    }
    await writeEntries(ctx, logbook.version, kept);
    writeLines(ctx.io, `Removed ${countEntries(count, tag ?? undefined)}.`);
  },
};
