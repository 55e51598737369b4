import type { Well } from '@caravanserai/api';
import { fail } from '../command-error.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

export const well: CommandSpec = {
  name: 'well',
  summary: 'Lists your wells (your AI accounts).',
  usage: '',
  async run(env) {
    let wells: Well[];
    try {
      wells = (await env.api.wells.list()).wells;
    } catch {
      fail(M.wellsFailed);
    }
    if (wells.length === 0) return writeLines(env.io, 'No wells found.');
    writeLines(env.io, ...wells.map((w) => `${w.wellid}  ${w.title}  (${w.origin_loc})`));
  },
};
