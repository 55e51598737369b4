import { createHash } from 'node:crypto';
import { activePath, type Entry, filesOf, serializeLog, type Tag, treeOf } from '@caravanserai/logbook';
import { searchText } from '../../db/search-text.js';

/** Attributes a copy leaves behind: the author's tree (a fork gets ids of its own). */
const TREE_ATTRS = ['eid', 'parent'];

/** The most of a copy's text the search index keeps. */
const SEARCHED_CHARS = 100_000;

export interface Copy {
  entries: Entry[];
  /** The copy's XML: what a version is, and what a fork starts from. */
  log: string;
  /** sha256 of `log`, hex: the version's address. */
  sha256: string;
  /** The files the copy's entries name, each once, in the order first named. */
  files: string[];
}

/**
 * The entries a version copies (DESIGN 10): the logbook's active path (its head and the head's
 * ancestors), only those whose tag was chosen, as they are stored.
 */
export function chosenEntries(
  entries: readonly Entry[],
  head: string | null,
  include: readonly Tag[],
): Entry[] {
  const chosen = new Set<string>(include);
  return activePath(treeOf(entries), head)
    .map((index) => entries[index]!)
    .filter((entry) => chosen.has(entry.tag));
}

/**
 * A version's copy of the chosen entries, as a plain log of one branch. Entry ids and parents go
 * (the copy is one line of entries); each `files` attribute keeps only the files in `carried` (the
 * author's own uploads: an id of anyone else's file would travel as a name readers cannot use),
 * and goes when none is left.
 */
export function makeCopy(chosen: readonly Entry[], carried: ReadonlySet<string>): Copy {
  const files = new Set<string>();
  const copied = chosen.map((entry) => {
    const kept = filesOf(entry).filter((id) => carried.has(id));
    for (const id of kept) files.add(id);
    return { ...entry, attrs: copiedAttrs(entry.attrs, kept) };
  });
  const log = serializeLog(copied);
  return {
    entries: copied,
    log,
    sha256: createHash('sha256').update(log).digest('hex'),
    files: [...files],
  };
}

function copiedAttrs(attrs: Record<string, string>, files: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (TREE_ATTRS.includes(name)) continue;
    if (name === 'files') {
      if (files.length > 0) kept.files = files.join(' ');
      continue;
    }
    kept[name] = value;
  }
  return kept;
}

/** The words a listing is found by: its title, summary and topics, then its copy's text. */
export function searchBody(
  listing: { title: string; summary: string; topics: readonly string[] },
  entries: readonly Entry[],
): string {
  let body = searchText([listing.title, listing.summary, listing.topics.join(' ')].join(' '));
  for (const entry of entries) {
    if (body.length >= SEARCHED_CHARS) break;
    body += ` ${searchText(entry.content)}`;
  }
  return body.slice(0, SEARCHED_CHARS);
}
