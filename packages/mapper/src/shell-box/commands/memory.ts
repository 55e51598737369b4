import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { appendNotice, readLogbook } from '../log-writes.js';

/** Turns the logbook's memory setting on or off (the page's Memory switch is the same setting). */
async function setMemory(ctx: ShellBoxContext, on: boolean): Promise<void> {
  try {
    await ctx.api.logbooks.update(ctx.logbook.logid, { memory: on });
  } catch {
    fail(M.notUpdated);
  }
}

export const memory: CommandSpec<ShellBoxContext> = {
  name: 'memory',
  summary: 'Chat memory: on sends the whole conversation with each query, off only the context.',
  usage: '[on/off/status]',
  raw: true,
  async run(ctx, args) {
    const action = args.text.toLowerCase();
    if (action === '') fail(M.missingArgument);
    // Each notice is written to the log as a gen entry, where the page shows it.
    if (action === 'on' || action === 'off') {
      await setMemory(ctx, action === 'on');
      await appendNotice(ctx, action === 'on' ? M.memoryOn : M.memoryOff);
    } else if (action === 'status') {
      const { logbook } = await readLogbook(ctx);
      await appendNotice(ctx, logbook.memory ? M.statusOn : M.statusOff);
    } else {
      await appendNotice(ctx, M.invalidCommand);
    }
  },
};
