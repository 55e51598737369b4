import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { askWell } from '../log-writes.js';

export const run: CommandSpec<ShellBoxContext> = {
  name: 'run',
  summary: "Sends the query 'run' to the well.",
  usage: '',
  raw: true,
  async run(ctx) {
    await askWell(ctx, 'run');
  },
};
