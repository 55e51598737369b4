import { fail } from '../../command-error.js';
import type { CommandSpec } from '../../registry.js';
import { askWell } from '../log-writes.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

/**
 * The spec's 'run' sends a query with the word run. On its own that word asks the well nothing,
 * so the text typed after it goes along ('run this: print(2 + 2)'), and a bare 'run' explains.
 */
export const run: CommandSpec<ShellBoxEnv> = {
  name: 'run',
  summary: "Sends 'run' and the text after it to the well as a query.",
  // Left empty so that help keeps the spec's list, where run stands alone.
  usage: '',
  raw: true,
  async run(env, args) {
    if (args.text === '') {
      fail('Usage: run TEXT', "  Sends 'run TEXT' to the well as a query, e.g. run this: print(2 + 2)");
    }
    await askWell(env, `run ${args.text}`);
  },
};
