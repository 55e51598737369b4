import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import { askWell } from '../log-writes.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

export const query: CommandSpec<ShellBoxEnv> = {
  name: 'query',
  summary: "Asks the logbook's well; the query and its answer are added to the log.",
  usage: '',
  raw: true,
  async run(env, args) {
    if (args.text === '') fail(M.emptyQuery);
    await askWell(env, args.text);
  },
};
