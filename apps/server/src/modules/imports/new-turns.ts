import { type Entry, ROOT_PARENT } from '@caravanserai/logbook';

/** What a logbook made by an earlier import already holds, as far as a re-import can tell. */
export interface StoredTurns {
  count: number;
  /** The `source_msg` attributes of its entries. */
  messages: ReadonlySet<string>;
  /** Its entries from messages, by message key (see MessageKeys): their eid and qid. */
  entries?: ReadonlyMap<string, { eid: string; qid: string | undefined }>;
}

/**
 * Keys for the entries a message became, `<source_msg>#<n>` in document order: the same for the
 * entries an import stored and for the same messages read again, whatever their eids.
 */
export class MessageKeys {
  private readonly seen = new Map<string, number>();

  next(message: string): string {
    const n = this.seen.get(message) ?? 0;
    this.seen.set(message, n + 1);
    return `${message}#${n}`;
  }
}

/**
 * The entries of a conversation's tree (its entries carry eids) that its logbook lacks: those
 * from messages it does not hold, each naming the entry it follows (the stored one where it is
 * stored, by message key) and, for an answer to a stored question, that question's qid. Entries
 * from no message (a chat's system prompt) were written with the conversation: never again.
 */
export function newBranches(source: readonly Entry[], stored: StoredTurns): Entry[] {
  const keys = new MessageKeys();
  const eids = new Map<string, string>();
  const qids = new Map<string, string>();
  const fresh = new Set<number>();
  source.forEach((entry, index) => {
    const { source_msg: message, eid, qid } = entry.attrs;
    if (message === undefined) return;
    const known = stored.entries?.get(keys.next(message));
    if (known === undefined) fresh.add(index);
    else {
      if (eid !== undefined) eids.set(eid, known.eid);
      if (qid !== undefined && known.qid !== undefined) qids.set(qid, known.qid);
    }
  });
  const freshEids = new Set([...fresh].map((index) => source[index]!.attrs.eid));
  const turns: Entry[] = [];
  for (const index of fresh) {
    const entry = source[index]!;
    const { parent: named, ...attrs } = entry.attrs;
    const follows = named ?? (index === 0 ? ROOT_PARENT : (source[index - 1]!.attrs.eid ?? ROOT_PARENT));
    const parent = follows === ROOT_PARENT || freshEids.has(follows) ? follows : eids.get(follows);
    // A parent neither stored nor new (its message made no entry): the entry follows the head.
    if (parent !== undefined) attrs.parent = parent;
    if (attrs.qid !== undefined) attrs.qid = qids.get(attrs.qid) ?? attrs.qid;
    turns.push({ ...entry, attrs });
  }
  return turns;
}

/**
 * The entries of a conversation that its logbook does not hold yet. With message ids, everything
 * after the last message already stored (less any stored one met again); without, everything
 * after as many entries as the logbook holds.
 */
export function newTurns(source: readonly Entry[], stored: StoredTurns): Entry[] {
  const hasIds = source.some((entry) => entry.attrs.source_msg !== undefined);
  if (!hasIds || stored.messages.size === 0) return source.slice(stored.count);
  let last = -1;
  source.forEach((entry, index) => {
    const id = entry.attrs.source_msg;
    if (id !== undefined && stored.messages.has(id)) last = index;
  });
  return source.slice(last + 1).filter((entry) => {
    const id = entry.attrs.source_msg;
    return id === undefined || !stored.messages.has(id);
  });
}
