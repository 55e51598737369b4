import {
  ApiError,
  type SearchResult,
  type SearchResults,
  SNIPPET_CLOSE,
  SNIPPET_OPEN,
} from '@caravanserai/api';
import { isTag, TAGS, type Tag } from '@caravanserai/logbook';
import { fail } from '../command-error.js';
import { parseIndex } from '../logbooks.js';
import { writeLines } from '../output.js';
import type { CommandSpec, ParsedArgs } from '../registry.js';
import { safeText } from '../safe-text.js';

const USAGE = 'WORDS... [-t TAG] [-j JID] [-n N]';
const DEFAULT_COUNT = 10;
const MAX_COUNT = 100;
/** The server ranks and counts at most this many matches (see SearchResults). */
const COUNT_CAP = 1000;
/**
 * How a hit shows in a snippet. The Mapper prints no colours or other control sequences of
 * anyone's making (safe-text.ts), so the hit is set off with characters.
 */
const HIT_OPEN = '>>';
const HIT_CLOSE = '<<';
const INDENT = '    ';

/** The words as typed; a quoted group of words goes to the server as a "phrase". */
export function queryOf(words: readonly string[]): string {
  return words.map((word) => (/\s/u.test(word) ? `"${word.replaceAll('"', '')}"` : word)).join(' ');
}

function tagOf(args: ParsedArgs): Tag | undefined {
  const tag = args.get('tag');
  if (tag === undefined) return undefined;
  if (!isTag(tag)) fail(`Error: Unknown tag '${tag}'. Tags: ${TAGS.join(', ')}.`, `Usage: find ${USAGE}`);
  return tag;
}

function countOf(args: ParsedArgs): number {
  const typed = args.get('count');
  if (typed === undefined) return DEFAULT_COUNT;
  const count = parseIndex(typed);
  if (count === null || count < 1 || count > MAX_COUNT)
    fail(`Error: find -n takes a number from 1 to ${MAX_COUNT}: ${typed}`, `Usage: find ${USAGE}`);
  return count;
}

/** The snippet on one line, with the server's hit markers turned into the Mapper's. */
export function shownSnippet(snippet: string): string {
  return safeText(snippet)
    .replace(/\s+/gu, ' ')
    .replaceAll(SNIPPET_OPEN, HIT_OPEN)
    .replaceAll(SNIPPET_CLOSE, HIT_CLOSE);
}

/** `[index] <tag> title (logid)`, then the snippet indented below it. */
function resultLines(result: SearchResult): string[] {
  const title = safeText(result.title).replace(/\s+/gu, ' ');
  return [
    `[${result.index}] <${result.tag}> ${title} (${result.logid})`,
    `${INDENT}${shownSnippet(result.snippet)}`,
  ];
}

function summary(found: SearchResults): string {
  const total = found.count >= COUNT_CAP ? `${COUNT_CAP}+` : String(found.count);
  const noun = found.count === 1 ? 'match' : 'matches';
  if (found.results.length < found.count) return `${total} ${noun}, best ${found.results.length} shown:`;
  return `${total} ${noun}:`;
}

export const find: CommandSpec = {
  name: 'find',
  summary: 'Searches the entries of all your logbooks, best matches first.',
  usage: USAGE,
  positionals: 'any',
  minArgs: 1,
  options: [
    { name: 'tag', short: 't', value: 'TAG', summary: 'only entries with this tag (query, gen, ...)' },
    { name: 'journal', short: 'j', value: 'JID', summary: 'only logbooks in this journal' },
    { name: 'count', short: 'n', value: 'N', summary: `show N matches (${DEFAULT_COUNT} unless told)` },
  ],
  examples: [
    { line: 'find lighthouse keeper', note: 'entries with both words' },
    { line: 'find "roll back" -t gen', note: 'answers with that phrase' },
    { line: 'find deploy* -n 20', note: 'words starting with deploy' },
  ],
  async run(env, args) {
    const q = queryOf(args.positionals);
    const tag = tagOf(args);
    const limit = countOf(args);
    const journal = args.get('journal');
    let found: SearchResults;
    try {
      found = await env.api.search.find({ q, limit, ...(tag && { tag }), ...(journal && { journal }) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) fail(`Error: ${error.message}`);
      fail('Error searching logbooks.');
    }
    if (found.results.length === 0) return writeLines(env.io, 'No matching entries found.');
    writeLines(env.io, summary(found), ...found.results.flatMap(resultLines));
  },
};
