import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import { appendEntry } from '../log-writes.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

export const comment: CommandSpec<ShellBoxEnv> = {
  name: 'comment',
  summary: 'Adds a comment entry (never sent to the well).',
  usage: '',
  raw: true,
  async run(env, args) {
    if (args.text === '') fail(M.emptyComment);
    await appendEntry(env, 'comment', args.text);
  },
};
