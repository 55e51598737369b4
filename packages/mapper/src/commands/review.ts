import { type Entry, TAGS } from '@caravanserai/logbook';
import { countByTag, entriesTagged, type Located, unansweredQueries } from '../logbook-facts.js';
import { fetchLogbook, readEntries, targetLogid } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { preview, writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

const PREVIEW = 60;

function tagCountLine(entries: readonly Entry[]): string {
  const counts = countByTag(entries);
  return TAGS.map((tag) => `${tag} ${counts[tag]}`).join(', ');
}

function listed(title: string, items: readonly Located[]): string[] {
  if (items.length === 0) return [`${title}: none`];
  return [
    `${title}: ${items.length}`,
    ...items.map(({ index, entry }) => {
      const qid = entry.attrs.qid ? ` qid=${entry.attrs.qid}` : '';
      return `  [${index}]${qid} ${preview(entry.content, PREVIEW)}`;
    }),
  ];
}

export const review: CommandSpec = {
  name: 'review',
  summary: 'Summarises a logbook: entries per tag, unanswered queries and mirages.',
  usage: '[-l LOGID]',
  options: [{ name: 'logid', short: 'l', value: 'LOGID', summary: 'the logbook (default: the latest)' }],
  examples: [{ line: 'review', note: 'what is left to answer in your latest logbook' }],
  async run(env, args) {
    const logid = await targetLogid(env, args.get('logid'));
    const logbook = await fetchLogbook(env, logid, M.logbookDataFailed);
    const entries = readEntries(logbook);
    const flags = [
      logbook.private ? 'private' : 'public',
      logbook.salted && 'salted',
      logbook.forked && 'forked',
    ];
    writeLines(
      env.io,
      `Logbook: ${logbook.title} (${logbook.logid})`,
      `Owner: ${logbook.owner.username}; ${flags.filter(Boolean).join(', ')}`,
      `Well: ${logbook.well ? `${logbook.well.title} (${logbook.well.wellid})` : 'none attached'}`,
      `Modified: ${logbook.modified}`,
      `Entries: ${entries.length} (${tagCountLine(entries)})`,
      ...listed('Unanswered queries', unansweredQueries(entries)),
      ...listed('Mirages', entriesTagged(entries, 'mirage')),
    );
  },
};
