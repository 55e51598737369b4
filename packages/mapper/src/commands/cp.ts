import { fail } from '../command-error.js';
import { fetchLogbook } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

// The server refuses longer titles; a copy of a long title is cut rather than refused.
const MAX_TITLE = 200;

export const cp: CommandSpec = {
  name: 'cp',
  summary: "Copies a logbook, titled 'Copy of {title}' unless named.",
  usage: '-l LOGID [-n "title"]',
  options: [
    {
      name: 'logid',
      short: 'l',
      value: 'LOGID',
      required: M.noCopyId,
      missingValue: M.noCopyId,
      summary: 'the logbook to copy',
    },
    { name: 'title', short: 'n', value: '"title"', text: true, summary: "the copy's title" },
  ],
  examples: [{ line: 'cp -l LOGID -n "Second draft"', note: 'a private copy with its own title' }],
  async run(env, args) {
    const source = await fetchLogbook(env, args.get('logid') ?? '', M.copyFailed);
    const title = (args.get('title') ?? `Copy of ${source.title}`).slice(0, MAX_TITLE);
    // Someone else's journal and well are not ours to attach; their public logbook copies bare.
    const own = env.user !== null && source.owner.username === env.user.username;
    let copy: { logid: string; title: string };
    try {
      copy = await env.api.logbooks.create({
        title,
        description: source.description,
        log: source.log,
        private: own ? source.private : true,
        ...(own ? { journal: source.journal, logwell: source.logwell } : {}),
      });
    } catch {
      fail(M.copyFailed);
    }
    writeLines(env.io, `Copied ${source.logid} to ${copy.logid}: ${copy.title}`);
  },
};
