import type { CommandEnv } from '../command-env.js';
import { fail } from '../command-error.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

// What the create form does with an empty title.
const DEFAULT_TITLE = 'Default';

/** The user's first well, so a new logbook can be queried at once; none is fine too. */
async function firstWellId(env: CommandEnv): Promise<string | null> {
  try {
    return (await env.api.wells.list()).wells[0]?.wellid ?? null;
  } catch {
    return null;
  }
}

/**
 * Memory is left to the server, which starts it as the user chose for new logbooks; the line says
 * which it is, since that decides what the logbook's queries send.
 */
async function create(env: CommandEnv, title: string): Promise<void> {
  const logwell = await firstWellId(env);
  let created: { logid: string; title: string; memory: boolean };
  try {
    created = await env.api.logbooks.create({ title, private: true, ...(logwell ? { logwell } : {}) });
  } catch {
    fail(M.createFailed);
  }
  const well = logwell ? `, using well ${logwell}` : '';
  writeLines(
    env.io,
    `Created ${created.title} (${created.logid})${well}, memory ${created.memory ? 'on' : 'off'}.`,
  );
}

export const touch: CommandSpec = {
  name: 'touch',
  summary: 'Creates a new logbook, or with -l marks one as just modified.',
  usage: '[-n "title"] | -l LOGID',
  options: [
    { name: 'title', short: 'n', value: '"title"', text: true, summary: "the new logbook's title" },
    { name: 'logid', short: 'l', value: 'LOGID', summary: 'an existing logbook to bring to the top of ls' },
  ],
  examples: [
    { line: 'touch -n "Trip to Samarkand"', note: 'a new private logbook, memory as your settings say' },
    { line: 'touch -l LOGID', note: 'moves LOGID to the top of ls' },
  ],
  async run(env, args) {
    const logid = args.get('logid');
    if (logid === undefined) return create(env, args.get('title')?.trim() || DEFAULT_TITLE);
    try {
      await env.api.logbooks.touch(logid);
    } catch {
      fail(M.touchFailed);
    }
    writeLines(env.io, `Touched ${logid}.`);
  },
};
