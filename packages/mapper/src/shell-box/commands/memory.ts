import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { appendEntry } from '../log-writes.js';

export const memory: CommandSpec<ShellBoxContext> = {
  name: 'memory',
  summary: 'Chat memory: on sends the whole conversation with each query, off only the context.',
  usage: '[on/off/status]',
  raw: true,
  async run(ctx, args) {
    const action = args.text.toLowerCase();
    if (action === '') fail(M.missingArgument);
    // Each answer is written to the log as a gen entry, where the page shows it.
    if (action === 'on' || action === 'off') {
      ctx.state.memory = action === 'on';
      await appendEntry(ctx, 'gen', ctx.state.memory ? M.memoryOn : M.memoryOff);
    } else if (action === 'status') {
      await appendEntry(ctx, 'gen', ctx.state.memory ? M.statusOn : M.statusOff);
    } else {
      await appendEntry(ctx, 'gen', M.invalidCommand);
    }
  },
};
