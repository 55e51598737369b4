import { fail } from '../../command-error.js';
import type { CommandSpec } from '../../registry.js';
import type { ShellBoxContext } from '../context.js';
import { askWell } from '../log-writes.js';

/**
 * The spec's 'run' sends a query with the word run. On its own that word asks the well nothing,
 * so the text typed after it goes along ('run this: print(2 + 2)'), and a bare 'run' explains.
 */
export const run: CommandSpec<ShellBoxContext> = {
  name: 'run',
  summary: "Sends 'run' and the text after it to the well as a query.",
  // Left empty so that help keeps the spec's list, where run stands alone.
  usage: '',
  raw: true,
  async run(ctx, args) {
    if (args.text === '') {
      fail('Usage: run TEXT', "  Sends 'run TEXT' to the well as a query, e.g. run this: print(2 + 2)");
    }
    await askWell(ctx, `run ${args.text}`);
  },
};
