import type { LogbookSummary } from '@caravanserai/api';
import type { CommandEnv } from '../command-env.js';
import { fail } from '../command-error.js';
import { fetchLogbook, listLogbooks, parseIndex } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec, ParsedArgs } from '../registry.js';

async function choose(env: CommandEnv, args: ParsedArgs): Promise<Pick<LogbookSummary, 'logid' | 'title'>> {
  const logid = args.get('logid');
  if (logid !== undefined) return fetchLogbook(env, logid, M.openFailed);
  if (args.has('index')) {
    const index = parseIndex(args.get('index'));
    if (index === null) fail(M.invalidIndex);
    const chosen = (await listLogbooks(env))[index];
    if (!chosen) fail(M.invalidIndex);
    return chosen;
  }
  if (args.positionals[0]?.toLowerCase() === 'last') {
    const [latest] = await listLogbooks(env);
    if (!latest) fail(M.noLogbooks);
    return latest;
  }
  fail(M.openUsage);
}

export const open: CommandSpec = {
  name: 'open',
  summary: 'Opens a logbook: the latest, the Nth of ls, or by id.',
  usage: 'last | -i N | -l LOGID',
  positionals: 1,
  options: [
    {
      name: 'index',
      short: 'i',
      value: 'N',
      missingValue: M.invalidIndex,
      summary: 'the Nth logbook that ls lists',
    },
    {
      name: 'logid',
      short: 'l',
      value: 'LOGID',
      missingValue: M.openUsage,
      summary: 'the logbook with this id',
    },
  ],
  examples: [
    { line: 'open last', note: 'the most recently modified logbook' },
    { line: 'open -i 2', note: 'the third logbook that ls lists' },
  ],
  async run(env, args) {
    const chosen = await choose(env, args);
    writeLines(env.io, `Opening ${chosen.title} (${chosen.logid})...`);
    env.host.openLogbook?.(chosen.logid);
  },
};
