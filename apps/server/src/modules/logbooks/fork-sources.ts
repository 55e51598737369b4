import type { Entry } from '@caravanserai/logbook';
import type { Executor } from '../../db/database.js';
import type { ForkSourcesRepository } from './fork-sources.repository.js';

/**
 * The spec's two-step fork creates an empty logbook marked `forked`, then writes the source's log
 * into it. The log carries the tree but not which branch was shown, so the source is looked for
 * to keep its head as the one-step fork does: a salted logbook the forker may fork, of the same
 * title, whose entries have the same eids and parents in the same order. Forks of forks keep the
 * eids too; of several that match, the latest changed gives the head.
 */
export class ForkSources {
  constructor(private readonly repository: ForkSourcesRepository) {}

  async headOf(
    viewerId: number,
    title: string,
    entries: readonly Entry[],
    db: Executor,
  ): Promise<string | undefined> {
    if (entries.length === 0 || entries.some((e) => e.attrs.eid === undefined)) return undefined;
    for (const candidate of await this.repository.candidates(viewerId, title, entries.length, db)) {
      if (candidate.head === null) continue;
      const tree = await this.repository.tree(candidate.logid, db);
      const same = tree.every(
        (row, i) => row.eid === entries[i]?.attrs.eid && row.parent === (entries[i]?.attrs.parent ?? null),
      );
      if (same && tree.length === entries.length) return candidate.head;
    }
    return undefined;
  }
}
