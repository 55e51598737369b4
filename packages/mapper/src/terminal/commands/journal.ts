import type { JournalSummary } from '@caravanserai/api';
import { fail } from '../../command-error.js';
import { TERMINAL_MESSAGES as M } from '../../messages.js';
import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';

export const journal: CommandSpec = {
  name: 'journal',
  summary: 'Lists your journals.',
  usage: '',
  async run(ctx) {
    let journals: JournalSummary[];
    try {
      journals = await ctx.api.journals.list();
    } catch {
      fail(M.journalsFailed);
    }
    if (journals.length === 0) return writeLines(ctx.io, 'No journals found.');
    writeLines(ctx.io, ...journals.map((j) => `${j.jid}  ${j.title}`));
  },
};
