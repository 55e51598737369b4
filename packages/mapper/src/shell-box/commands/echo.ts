import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

export const echo: CommandSpec<ShellBoxEnv> = {
  name: 'echo',
  summary: 'Prints the text as typed.',
  usage: '',
  raw: true,
  async run(env, args) {
    writeLines(env.io, args.text);
  },
};
