import type { EntriesPage, EntryFile, Logbook } from '@caravanserai/api';
import { activePath, filesOf, newestLeafUnder, parseLog, treeOf } from '@caravanserai/logbook';

/**
 * The whole active path of a logbook read whole, as one entries page: what a page needs when it
 * must show an entry far from the newest turns (a search hit), where paging up to it would read
 * the log anyway. `under` chooses the branch as the entries call does (its newest leaf); null, the
 * head. Null when the log cannot be read or `under` names no entry.
 */
export function documentPage(logbook: Logbook, under: string | null): EntriesPage | null {
  let entries: ReturnType<typeof parseLog>;
  try {
    entries = parseLog(logbook.log);
  } catch {
    return null;
  }
  const tree = treeOf(entries);
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

/** The eid of the entry at document index `index` of a logbook read whole; null when there is none. */
export function eidAtIndex(logbook: Logbook, index: number): string | null {
  try {
    return parseLog(logbook.log)[index]?.attrs.eid ?? null;
  } catch {
    return null;
  }
}
