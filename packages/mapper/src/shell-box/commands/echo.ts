import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';

export const echo: CommandSpec<ShellBoxContext> = {
  name: 'echo',
  summary: 'Prints the text as typed.',
  usage: '',
  raw: true,
  async run(ctx, args) {
    writeLines(ctx.io, args.text);
  },
};
