import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { appendEntry } from '../log-writes.js';

export const context: CommandSpec<ShellBoxContext> = {
  name: 'context',
  summary: 'Adds a context entry (sent to the well as the system message).',
  usage: '',
  raw: true,
  async run(ctx, args) {
    if (args.text === '') fail(M.emptyContext);
    await appendEntry(ctx, 'context', args.text);
  },
};
