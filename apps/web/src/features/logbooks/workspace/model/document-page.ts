import type { EntriesPage, EntryFile, Logbook } from '@caravanserai/api';
import {
  activePath,
  type Entry,
  filesOf,
  type LogTree,
  newestLeafUnder,
  parseLog,
  treeOf,
} from '@caravanserai/logbook';

/** A logbook read whole: its entries and their tree, parsed once for all that is asked of it. */
export interface LogDocument {
  logbook: Logbook;
  entries: readonly Entry[];
  tree: LogTree;
}

/** The logbook's log parsed; null when it cannot be read. */
export function readDocument(logbook: Logbook): LogDocument | null {
  let entries: Entry[];
  try {
    entries = parseLog(logbook.log);
  } catch {
    return null;
  }
  return { logbook, entries, tree: treeOf(entries) };
}

/**
 * The whole active path of a logbook read whole, as one entries page: the entries call's answer,
 * for the fakes that stand in for the server in the session's tests (the page itself never reads
 * the whole log). `under` chooses the branch as the entries call does (its newest leaf); null, the
 * head. Null when the log cannot be read or `under` names no entry.
 */
export function documentPage(logbook: Logbook, under: string | null): EntriesPage | null {
  const document = readDocument(logbook);
  return document && pathPage(document, under);
}

/** The path of `document` chosen as documentPage() says, as one entries page. */
export function pathPage({ logbook, entries, tree }: LogDocument, under: string | null): EntriesPage | null {
  let head = logbook.head;
  if (under !== null) {
    const index = tree.byEid.get(under);
    if (index === undefined) return null;
    head = entries[newestLeafUnder(tree, index)]?.attrs.eid ?? null;
  }
  const path = activePath(tree, head);
  // The entries that follow each parent, deleted (blank) ones left out as the server does.
  const children = new Map<number, string[]>();
  for (let index = 0; index < entries.length; index++) {
    const { attrs, content } = entries[index]!;
    if (content === '' || attrs.eid === undefined) continue;
    const parent = tree.parents[index]!;
    const siblings = children.get(parent);
    if (siblings) siblings.push(attrs.eid);
    else children.set(parent, [attrs.eid]);
  }
  const files = new Map<string, EntryFile>(logbook.files.map((file) => [file.file_id, file]));
  const eidAt = (index: number) => (index < 0 ? null : (entries[index]?.attrs.eid ?? null));
  return {
    version: logbook.version,
    head: eidAt(path.at(-1) ?? -1),
    total: path.length,
    more: false,
    entries: path.map((index) => {
      const entry = entries[index]!;
      const eid = entry.attrs.eid ?? '';
      const parent = tree.parents[index]!;
      return {
        index,
        eid,
        parent: eidAt(parent),
        tag: entry.tag,
        attrs: entry.attrs,
        content: entry.content,
        siblings: children.get(parent) ?? [eid],
        files: filesOf(entry).flatMap((id) => files.get(id) ?? []),
      };
    }),
  };
}
