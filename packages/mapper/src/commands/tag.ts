import { ApiError } from '@caravanserai/api';
import { isTag, type Tag } from '@caravanserai/logbook';
import type { CommandEnv } from '../command-env.js';
import { fail } from '../command-error.js';
import { fetchLogbook, parseIndex, readEntries, targetLogid } from '../logbooks.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

/** Re-tags entry `index` in place, keeping its content unless new content is given. */
async function retag(env: CommandEnv, logid: string, index: number, tag: Tag, content: string | undefined) {
  const logbook = await fetchLogbook(env, logid, M.updateFailed);
  const current = readEntries(logbook)[index];
  if (!current) fail(M.invalidIndex);
  try {
    await env.api.entries.write({
      logid,
      tag: current.tag,
      index,
      fresh_tag: tag,
      ...(content !== undefined ? { content } : {}),
      // The version read above: if the log changed meanwhile the server refuses instead of re-tagging another entry.
      version: logbook.version,
    });
  } catch (error) {
    if (error instanceof ApiError && error.fields.index) fail(M.invalidIndex);
    fail(M.updateFailed);
  }
  writeLines(env.io, `Entry [${index}] of ${logbook.title} is now <${tag}>.`);
}

async function append(env: CommandEnv, logid: string, tag: Tag, content: string) {
  let index: number;
  try {
    ({ index } = await env.api.entries.write({ logid, tag, content }));
  } catch {
    fail(M.addTagFailed);
  }
  writeLines(env.io, `Added <${tag}> as entry [${index}] of ${logid}.`);
}

export const tag: CommandSpec = {
  name: 'tag',
  summary: 'Adds an entry with a tag, or re-tags entry INDEX (as cat numbers them).',
  usage: '-t TAG [-c "text"] [-i INDEX] [-l LOGID]',
  options: [
    {
      name: 'tag',
      short: 't',
      value: 'TAG',
      required: M.missingTag,
      missingValue: M.missingTag,
      summary: 'the tag',
    },
    { name: 'content', short: 'c', value: '"text"', text: true, summary: "the entry's text" },
    {
      name: 'index',
      short: 'i',
      value: 'INDEX',
      missingValue: M.invalidIndex,
      summary: 'the entry to re-tag',
    },
    { name: 'logid', short: 'l', value: 'LOGID', summary: 'the logbook (default: the latest)' },
  ],
  examples: [
    { line: 'tag -t comment -c "check this later"', note: 'adds a comment to the latest logbook' },
    { line: 'tag -t mirage -i 3', note: 'marks entry 3 as a mirage (a wrong answer)' },
  ],
  async run(env, args) {
    const name = args.get('tag') ?? '';
    if (!isTag(name)) fail(M.invalidTag(name));
    const index = args.has('index') ? parseIndex(args.get('index')) : undefined;
    if (index === null) fail(M.invalidIndex);
    const logid = await targetLogid(env, args.get('logid'));
    if (index === undefined) await append(env, logid, name, args.get('content') ?? '');
    else await retag(env, logid, index, name, args.get('content'));
  },
};
