import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import { appendEntry } from '../log-writes.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

export const context: CommandSpec<ShellBoxEnv> = {
  name: 'context',
  summary: 'Adds a context entry (sent to the well as the system message).',
  usage: '',
  raw: true,
  async run(env, args) {
    if (args.text === '') fail(M.emptyContext);
    await appendEntry(env, 'context', args.text);
  },
};
