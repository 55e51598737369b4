import type { JournalSummary } from '@caravanserai/api';
import { fail } from '../command-error.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

/** Whether the journal's questions carry instructions, and how long they are; never their text. */
function instructionsFact(instructions: string): string {
  const length = [...instructions].length;
  if (length === 0) return 'instructions: none';
  return `instructions: ${length} ${length === 1 ? 'character' : 'characters'}`;
}

export const journal: CommandSpec = {
  name: 'journal',
  summary: 'Lists your journals with their ids, and whether each has instructions.',
  usage: '',
  async run(env) {
    let journals: JournalSummary[];
    try {
      journals = await env.api.journals.list();
    } catch {
      fail(M.journalsFailed);
    }
    if (journals.length === 0) return writeLines(env.io, 'No journals found.');
    writeLines(env.io, ...journals.map((j) => `${j.jid}  ${j.title}  (${instructionsFact(j.instructions)})`));
  },
};
