import { isTag, withoutEntries } from '@caravanserai/logbook';
import { fail } from '../../command-error.js';
import { confirm, countEntries } from '../../confirm.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import { writeLines } from '../../output.js';
import type { CommandSpec } from '../../registry.js';
import { readLogbook, writeEntries } from '../log-writes.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

/** The question names how many entries go, so nobody clears more than they meant to. */
function questionFor(count: number, tag: string | null) {
  const what = tag ? countEntries(count, tag) : count === 1 ? 'the only entry' : `all ${count} entries`;
  return {
    title: tag ? `Clear <${tag}> entries` : 'Clear the log',
    question: `Remove ${what} from this logbook? This cannot be undone.`,
    action: `Remove ${countEntries(count)}`,
  };
}

export const clear: CommandSpec<ShellBoxEnv> = {
  name: 'clear',
  summary: 'Removes every entry with that tag, or all entries, after asking.',
  usage: '[tag]',
  raw: true,
  async run(env, args) {
    const target = args.text.toLowerCase();
    if (target === '') fail(M.missingArgument);
    if (target !== 'all' && !isTag(target)) {
      writeLines(env.io, `Invalid tag: ${args.text}`);
      return;
    }
    const tag = target === 'all' ? null : target;
    const { logbook, entries } = await readLogbook(env);
    const kept = tag ? withoutEntries(entries, (e) => e.tag === tag) : [];
    const count = entries.length - kept.length;
    if (count === 0) {
      writeLines(env.io, tag ? `No <${tag}> entries to clear.` : 'The log is already empty.');
      return;
    }
    if (!(await confirm(env, questionFor(count, tag)))) {
      writeLines(env.io, 'Cancelled: nothing was removed.');
      return;
    }
    await writeEntries(env, logbook.version, kept);
    writeLines(env.io, `Removed ${countEntries(count, tag ?? undefined)}.`);
  },
};
