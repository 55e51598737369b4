import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { appendEntry } from '../log-writes.js';

export const comment: CommandSpec<ShellBoxContext> = {
  name: 'comment',
  summary: 'Adds a comment entry (never sent to the well).',
  usage: '',
  raw: true,
  async run(ctx, args) {
    if (args.text === '') fail(M.emptyComment);
    await appendEntry(ctx, 'comment', args.text);
  },
};
