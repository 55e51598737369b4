import { createHash } from 'node:crypto';
import type { EntryList } from './entry-list.js';

/**
 * The active branch of a message tree: from the leaf up through the parents to the root, then
 * turned around. A parent that is missing ends the walk; a parent already seen (a cycle) too, so
 * hostile links can neither loop nor repeat a message.
 */
export function branchTo<T>(leaf: T | undefined, parentOf: (node: T) => T | undefined): T[] {
  const path: T[] = [];
  const seen = new Set<T>();
  let node = leaf;
  while (node !== undefined && !seen.has(node)) {
    seen.add(node);
    path.push(node);
    node = parentOf(node);
  }
  return path.reverse();
}

/**
 * Where a conversation with no (usable) pointer to its current message ends: the newest leaf, a
 * message no other names as its parent. Ties, and messages without a time, go to the later one
 * in file order.
 */
export function latestLeaf<T>(
  nodes: readonly T[],
  parentIdOf: (node: T) => string | undefined,
  idOf: (node: T) => string | undefined,
  timeOf: (node: T) => number,
): T | undefined {
  const parents = new Set<string>();
  for (const node of nodes) {
    const parent = parentIdOf(node);
    if (parent !== undefined) parents.add(parent);
  }
  let best: T | undefined;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const node of nodes) {
    const id = idOf(node);
    if (id !== undefined && parents.has(id)) continue;
    const time = timeOf(node);
    const t = Number.isFinite(time) ? time : Number.NEGATIVE_INFINITY;
    if (best === undefined || t >= bestTime) {
      best = node;
      bestTime = t;
    }
  }
  return best;
}

/** A message tree as an export gives it: each message by its id, and the id of its parent. */
export interface MessageTree<T> {
  messages: readonly T[];
  idOf(message: T): string | undefined;
  parentIdOf(message: T): string | undefined;
}

/** Each message's replies in file order, and the messages no other is the parent of (the roots). */
function repliesOf<T>(tree: MessageTree<T>): { roots: T[]; replies: Map<T, T[]> } {
  const byId = new Map<string, T>();
  for (const message of tree.messages) {
    const id = tree.idOf(message);
    if (id !== undefined && !byId.has(id)) byId.set(id, message);
  }
  const roots: T[] = [];
  const replies = new Map<T, T[]>();
  for (const message of tree.messages) {
    const parentId = tree.parentIdOf(message);
    const parent = parentId === undefined ? undefined : byId.get(parentId);
    if (parent === undefined || parent === message) roots.push(message);
    else {
      const list = replies.get(parent);
      if (list) list.push(message);
      else replies.set(parent, [message]);
    }
  }
  return { roots, replies };
}

/** Whether any message of the tree has more than one reply (an edit or a regenerated answer). */
export function branches<T>(tree: MessageTree<T>): boolean {
  const { replies } = repliesOf(tree);
  for (const list of replies.values()) if (list.length > 1) return true;
  return false;
}

/**
 * Writes every message of the tree into `list`, each branch after the message it replies to
 * (depth first, replies in file order, without recursion however deep the tree), and returns the
 * eid of the last entry written on the way to `leaf`: the logbook's head. A message in a cycle of
 * parents reaches no root and is left out, as it is from the active branch.
 */
export function writeTree<T>(
  list: EntryList,
  tree: MessageTree<T>,
  leaf: T | undefined,
  write: (message: T) => void,
): string | undefined {
  const { roots, replies } = repliesOf(tree);
  const start = list.place();
  const stack = roots.map((message) => ({ message, place: start })).reverse();
  const seen = new Set<T>();
  let head: string | undefined;
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next.message)) continue;
    seen.add(next.message);
    list.resume(next.place);
    write(next.message);
    const place = list.place();
    if (next.message === leaf) head = place.follows ?? undefined;
    const children = replies.get(next.message) ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ message: children[i]!, place });
  }
  return head;
}

/**
 * Eids for an imported tree, the same at every import of the same conversation (so a re-import
 * that brings new branches finds the entries they follow): 8 characters from a digest of the
 * conversation and the entry's key, beginning with a letter as every new eid does.
 */
export function stableEids(sourceId: string): (key: string) => string {
  const taken = new Set<string>();
  return (key) => {
    for (let attempt = 0; ; attempt++) {
      const digest = createHash('sha256').update(`${sourceId}\n${key}\n${attempt}`).digest();
      let eid = String.fromCharCode(97 + (digest[0]! % 26));
      for (let i = 1; i < 8; i++) eid += (digest[i]! % 36).toString(36);
      if (!taken.has(eid)) {
        taken.add(eid);
        return eid;
      }
    }
  };
}
