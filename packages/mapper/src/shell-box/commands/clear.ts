import { isTag } from '@caravanserai/logbook';
import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { readLogbook, writeEntries } from '../log-writes.js';

export const clear: CommandSpec<ShellBoxContext> = {
  name: 'clear',
  summary: 'Removes every entry with that tag, or all entries.',
  usage: '[tag]',
  raw: true,
  async run(ctx, args) {
    const target = args.text.toLowerCase();
    if (target === '') fail(M.missingArgument);
    if (target !== 'all' && !isTag(target)) {
      writeLines(ctx.io, `Invalid tag: ${args.text}`);
      return;
    }
    const { logbook, entries } = await readLogbook(ctx);
    await writeEntries(ctx, logbook.version, target === 'all' ? [] : entries.filter((e) => e.tag !== target));
  },
};
