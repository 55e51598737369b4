import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { askWell } from '../log-writes.js';

export const query: CommandSpec<ShellBoxContext> = {
  name: 'query',
  summary: "Asks the logbook's well; the query and its answer are added to the log.",
  usage: '',
  raw: true,
  async run(ctx, args) {
    if (args.text === '') fail(M.emptyQuery);
    await askWell(ctx, args.text);
  },
};
