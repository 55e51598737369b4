import { listLogbooks } from '../logbooks.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

export const logbook: CommandSpec = {
  name: 'logbook',
  aliases: ['log'],
  summary: 'Lists all your logbooks with their ids, entries and wells.',
  usage: '',
  async run(env) {
    const logbooks = await listLogbooks(env);
    if (logbooks.length === 0) return writeLines(env.io, 'No logbooks found.');
    writeLines(
      env.io,
      ...logbooks.map((l) => {
        const flags = [l.private ? 'private' : 'public', l.salted && 'salted'].filter(Boolean).join(', ');
        return `${l.logid}  ${l.title}  (${l.entry_count} entries, ${flags}, well: ${l.logwell ?? 'none'})`;
      }),
    );
  },
};
