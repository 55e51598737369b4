import { ApiError, GALLERY_SORTS, type Gallery, type ListingCard, type Logbook } from '@caravanserai/api';
import type { CommandEnv } from '../command-env.js';
import { fail } from '../command-error.js';
import { formatCommandHelp } from '../help.js';
import { parseIndex } from '../logbooks.js';
import { writeLines } from '../output.js';
import type { CommandSpec, OptionSpec, ParsedArgs } from '../registry.js';
import { usageLines } from '../usage.js';
import { queryOf } from './find.js';

const FIND_USAGE = 'find [WORDS...] [--topic T] [--author NAME] [--sort new|forks|stars] [-n N]';
const FORK_USAGE = 'fork SLUG [--version N] [-j JID]';
const DEFAULT_COUNT = 10;
/** The gallery answers at most this many listings a page. */
const MAX_COUNT = 100;
/** With words, the server counts matches up to this many (see Gallery). */
const COUNT_CAP = 1000;
const NOT_SIGNED_IN = 'Error: You are not signed in.';

const FIND_OPTIONS: readonly OptionSpec[] = [
  { name: 'topic', long: 'topic', value: 'T', summary: 'find: only listings with this topic' },
  { name: 'author', long: 'author', value: 'NAME', summary: "find: only this author's listings" },
  { name: 'sort', long: 'sort', value: 'new|forks|stars', summary: 'find: the order (new unless told)' },
  { name: 'count', short: 'n', value: 'N', summary: `find: show N listings (${DEFAULT_COUNT} unless told)` },
];
const FORK_OPTIONS: readonly OptionSpec[] = [
  { name: 'version', long: 'version', value: 'N', summary: 'fork: this version (the newest unless told)' },
  { name: 'journal', short: 'j', long: 'journal', value: 'JID', summary: 'fork: into this journal of yours' },
];

/** Ends the command with `message` and how to call the subcommand it is about. */
function refuse(message: string, usage: string): never {
  fail(message, `Usage: bazaar ${usage}`);
}

/** An option of the other subcommand is a mistake worth naming, not something to ignore. */
function refuseOthers(args: ParsedArgs, others: readonly OptionSpec[], sub: string, usage: string): void {
  const given = others.find((o) => args.has(o.name));
  if (given)
    refuse(`Error: ${given.long ? `--${given.long}` : `-${given.short}`} is not for bazaar ${sub}.`, usage);
}

function countOf(args: ParsedArgs): number {
  const typed = args.get('count');
  if (typed === undefined) return DEFAULT_COUNT;
  const count = parseIndex(typed);
  if (count === null || count < 1 || count > MAX_COUNT)
    refuse(`Error: bazaar find -n takes a number from 1 to ${MAX_COUNT}: ${typed}`, FIND_USAGE);
  return count;
}

function sortOf(args: ParsedArgs): (typeof GALLERY_SORTS)[number] | undefined {
  const sort = args.get('sort');
  if (sort === undefined) return undefined;
  const known = GALLERY_SORTS.find((s) => s === sort.toLowerCase());
  if (!known) refuse(`Error: Unknown sort '${sort}'. Sorts: ${GALLERY_SORTS.join(', ')}.`, FIND_USAGE);
  return known;
}

/** Free text from the server, on one line. */
const oneLine = (text: string) => text.replace(/\s+/gu, ' ').trim();
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Every column but the last padded to its widest cell, so the rows line up as in `ls`. */
function alignRows(rows: readonly string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  '),
  );
}

/** `slug  vN  F forks  S stars  author  title`: the title last, since it is the one without a width. */
function listingRow(card: ListingCard): string[] {
  return [
    card.slug,
    `v${card.version}`,
    plural(card.forks, 'fork'),
    plural(card.stars, 'star'),
    card.author.username,
    oneLine(card.title),
  ];
}

function summary(gallery: Gallery, searched: boolean): string {
  const total = searched && gallery.count >= COUNT_CAP ? `${COUNT_CAP}+` : String(gallery.count);
  const noun = gallery.count === 1 ? 'listing' : 'listings';
  if (gallery.results.length < gallery.count)
    return `${total} ${noun}, first ${gallery.results.length} shown:`;
  return `${total} ${noun}:`;
}

async function findListings(env: CommandEnv, args: ParsedArgs): Promise<void> {
  refuseOthers(args, FORK_OPTIONS, 'find', FIND_USAGE);
  // The words after `find`, quoted groups kept as phrases as `find` sends them.
  const q = queryOf(args.positionals.slice(1));
  const limit = countOf(args);
  const sort = sortOf(args);
  const topic = args.get('topic');
  const author = args.get('author');
  let gallery: Gallery;
  try {
    gallery = await env.api.bazaar.gallery({
      limit,
      ...(q && { q }),
      ...(topic && { topic }),
      ...(author && { author }),
      ...(sort && { sort }),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) fail(`Error: ${error.message}`);
    fail('Error searching the Bazaar.');
  }
  if (gallery.results.length === 0) return writeLines(env.io, 'No listings found.');
  writeLines(env.io, summary(gallery, q !== ''), ...alignRows(gallery.results.map(listingRow)));
}

function versionOf(args: ParsedArgs): number | undefined {
  const typed = args.get('version');
  if (typed === undefined) return undefined;
  const version = parseIndex(typed);
  if (version === null || version < 1)
    refuse(`Error: bazaar fork --version takes a version number: ${typed}`, FORK_USAGE);
  return version;
}

/** The slug's listing's id; 404 (or a slug that cannot be one, 400) is no such listing, 410 the server's reason. */
async function listingId(env: CommandEnv, slug: string): Promise<string> {
  try {
    return (await env.api.bazaar.get(slug)).listing_id;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      fail(`No such listing: ${slug}`);
    if (error instanceof ApiError && error.status === 410) fail(error.message);
    fail('Error fetching the listing.');
  }
}

async function forkListing(env: CommandEnv, args: ParsedArgs): Promise<void> {
  refuseOthers(args, FIND_OPTIONS, 'fork', FORK_USAGE);
  const [, slug, extra] = args.positionals;
  if (slug === undefined) refuse('Error: Missing SLUG.', FORK_USAGE);
  if (extra !== undefined) refuse(`Error: Unexpected argument '${extra}'.`, FORK_USAGE);
  const version = versionOf(args);
  const journal = args.get('journal');
  const id = await listingId(env, slug);
  let fork: Logbook;
  try {
    fork = await env.api.bazaar.fork(id, { ...(version && { version }), ...(journal && { journal }) });
  } catch (error) {
    if (!(error instanceof ApiError)) fail('Error forking the listing.');
    if (error.status === 401) fail(NOT_SIGNED_IN);
    if (error.status === 410) fail(error.message);
    fail(`Error: ${error.message}`);
  }
  const forked = fork.forked_from?.version ?? version;
  writeLines(
    env.io,
    `Forked ${slug}${forked ? ` v${forked}` : ''} into ${fork.logid}: ${oneLine(fork.title)}`,
  );
}

export const bazaar: CommandSpec = {
  name: 'bazaar',
  summary: 'Searches the Bazaar, or forks a listing into a private logbook of yours.',
  usage: 'find [WORDS...] | fork SLUG',
  positionals: 'any',
  minArgs: 1,
  options: [...FIND_OPTIONS, ...FORK_OPTIONS],
  examples: [
    { line: 'bazaar find sourdough', note: 'listings about sourdough, newest first' },
    { line: 'bazaar find --topic baking --sort stars', note: 'the most starred baking listings' },
    { line: 'bazaar fork SLUG', note: "a private copy of a listing's newest version" },
  ],
  async run(env, args) {
    const sub = args.positionals[0]?.toLowerCase();
    if (sub === 'find') return findListings(env, args);
    if (sub === 'fork') return forkListing(env, args);
    if (sub === 'help' && args.positionals.length === 1)
      return writeLines(env.io, ...formatCommandHelp(bazaar));
    // Options without a subcommand (`bazaar --topic x`) get the usage, as `bazaar` alone does.
    const usage = usageLines(bazaar) as [string, ...string[]];
    if (sub === undefined) fail(...usage);
    fail(`Error: Unknown bazaar command '${args.positionals[0]}'.`, ...usage);
  },
};
