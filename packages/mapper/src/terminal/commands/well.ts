import type { Well } from '@caravanserai/api';
import { fail } from '../../command-error.js';
import { TERMINAL_MESSAGES as M } from '../../messages.js';
import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';

export const well: CommandSpec = {
  name: 'well',
  summary: 'Lists your wells (your AI accounts).',
  usage: '',
  async run(ctx) {
    let wells: Well[];
    try {
      wells = (await ctx.api.wells.list()).wells;
    } catch {
      fail(M.wellsFailed);
    }
    if (wells.length === 0) return writeLines(ctx.io, 'No wells found.');
    writeLines(ctx.io, ...wells.map((w) => `${w.wellid}  ${w.title}  (${w.origin_loc})`));
  },
};
