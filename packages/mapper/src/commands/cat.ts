import type { Entry } from '@caravanserai/logbook';
import { activeLine } from '../logbook-facts.js';
import { fetchLogbook, readEntries, targetLogid } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { hangingIndent, writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

/** `[i] <tag> content`; later lines of the content line up under its first. */
export function entryLine(entry: Entry, index: number): string {
  const label = `[${index}] <${entry.tag}> `;
  return `${label}${hangingIndent(entry.content, label.length)}`;
}

export const cat: CommandSpec = {
  name: 'cat',
  summary: "Prints a logbook's entries (default: the latest logbook).",
  usage: '[-l LOGID]',
  options: [{ name: 'logid', short: 'l', value: 'LOGID', summary: 'the logbook to print' }],
  examples: [{ line: 'cat', note: 'the entries of your latest logbook' }],
  async run(env, args) {
    const logid = await targetLogid(env, args.get('logid'));
    const logbook = await fetchLogbook(env, logid, M.fetchLogbookFailed);
    // Each entry keeps its index in the whole log, which `tag -i` and the API name it by.
    const line = activeLine(readEntries(logbook), logbook.head);
    writeLines(env.io, `${logbook.title} (${logbook.logid})`);
    if (line.length === 0) writeLines(env.io, '(no entries)');
    else writeLines(env.io, ...line.map(({ entry, index }) => entryLine(entry, index)));
  },
};
