import type { EntryFile } from '@caravanserai/api';
import { type Entry, filesOf } from '@caravanserai/logbook';
import { formatSize } from '../format-size.js';
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

/** The files an entry carries, by name and size, under its line; null when it carries none. */
export function filesLine(entry: Entry, files: ReadonlyMap<string, EntryFile>): string | null {
  const named = filesOf(entry).flatMap((id) => files.get(id) ?? []);
  if (named.length === 0) return null;
  return `    files: ${named.map((file) => `${file.name} (${formatSize(file.size)})`).join(', ')}`;
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
    else {
      const files = new Map(logbook.files.map((file) => [file.file_id, file]));
      writeLines(
        env.io,
        ...line.flatMap(({ entry, index }) =>
          [entryLine(entry, index), filesLine(entry, files) ?? []].flat(),
        ),
      );
    }
  },
};
