import type { LogbookSummary } from '@caravanserai/api';
import { fail } from '../command-error.js';
import { listLogbooks, parseIndex } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec, ParsedArgs } from '../registry.js';

const DEFAULT_COUNT = 10;
const USAGE = '[N | --last | -a | -n N]';

function countOf(args: ParsedArgs): number {
  if (args.has('all')) return Number.POSITIVE_INFINITY;
  if (args.has('last')) return 1;
  const typed = args.get('count') ?? args.positionals[0];
  if (typed === undefined) return DEFAULT_COUNT;
  const count = parseIndex(typed);
  if (count === null || count === 0)
    fail(`Error: ls takes a positive number: ${typed}`, `Usage: ls ${USAGE}`);
  return count;
}

/** `[i] logid  modified  title`: i is what `open -i` takes. */
function row(logbook: LogbookSummary, index: number, width: number): string {
  const modified = logbook.modified.slice(0, 16).replace('T', ' ');
  const label = `[${index}]`.padEnd(width + 2);
  return `${label} ${logbook.logid}  ${modified}  ${logbook.title}`;
}

export const ls: CommandSpec = {
  name: 'ls',
  summary: `Lists your logbooks, most recently modified first (${DEFAULT_COUNT} unless told).`,
  usage: USAGE,
  positionals: 1,
  options: [
    { name: 'last', long: 'last', summary: 'only the most recently modified' },
    { name: 'all', short: 'a', long: 'all', summary: 'all of them' },
    { name: 'count', short: 'n', value: 'N', summary: 'the N most recent' },
  ],
  examples: [
    { line: 'ls', note: 'the 10 most recently modified logbooks' },
    { line: 'ls -a', note: 'all of them' },
  ],
  async run(env, args) {
    const count = countOf(args);
    const logbooks = await listLogbooks(env);
    if (logbooks.length === 0) fail(M.noLogbooks);
    const shown = logbooks.slice(0, count);
    const width = String(shown.length - 1).length;
    writeLines(env.io, ...shown.map((logbook, index) => row(logbook, index, width)));
    if (shown.length < logbooks.length) writeLines(env.io, `(${logbooks.length - shown.length} more: ls -a)`);
  },
};
