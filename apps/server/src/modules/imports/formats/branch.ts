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
