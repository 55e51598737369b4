import { fail } from '../../command-error.js';
import { SHELL_BOX_MESSAGES as M } from '../../messages.js';
import type { CommandSpec } from '../../registry.js';
import { appendNotice, readLogbook } from '../log-writes.js';
import type { ShellBoxEnv } from '../shell-box-env.js';

/** Turns the logbook's memory setting on or off (the page's Memory switch is the same setting). */
async function setMemory(env: ShellBoxEnv, on: boolean): Promise<void> {
  try {
    await env.api.logbooks.update(env.logbook.logid, { memory: on });
  } catch {
    fail(M.notUpdated);
  }
}

export const memory: CommandSpec<ShellBoxEnv> = {
  name: 'memory',
  summary: 'Chat memory: on sends the whole conversation with each query, off only the context.',
  usage: '[on/off/status]',
  raw: true,
  async run(env, args) {
    const action = args.text.toLowerCase();
    if (action === '') fail(M.missingArgument);
    // Each notice is written to the log as a gen entry, where the page shows it.
    if (action === 'on' || action === 'off') {
      await setMemory(env, action === 'on');
      await appendNotice(env, action === 'on' ? M.memoryOn : M.memoryOff);
    } else if (action === 'status') {
      const { logbook } = await readLogbook(env);
      await appendNotice(env, logbook.memory ? M.statusOn : M.statusOff);
    } else {
      await appendNotice(env, M.invalidCommand);
    }
  },
};
