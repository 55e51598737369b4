import { invalidRequest } from '../errors';
import { listOf } from '../objects';
import type { Call } from '../router';

export interface PageOptions {
  limit: number;
  startingAfter?: string | undefined;
  endingBefore?: string | undefined;
}

/** Stripe's cursor paging over a newest-first list: `starting_after` and `ending_before` are ids. */
export function page<T extends { id: string }>(
  all: T[],
  options: PageOptions,
): { data: T[]; hasMore: boolean } {
  let from = 0;
  let to = all.length;
  if (options.startingAfter !== undefined) {
    from = indexOf(all, options.startingAfter, 'starting_after') + 1;
  } else if (options.endingBefore !== undefined) {
    to = indexOf(all, options.endingBefore, 'ending_before');
    from = Math.max(0, to - options.limit);
    return { data: all.slice(from, to), hasMore: from > 0 };
  }
  const data = all.slice(from, Math.min(to, from + options.limit));
  return { data, hasMore: from + options.limit < to };
}

function indexOf<T extends { id: string }>(all: T[], id: string, param: string): number {
  const at = all.findIndex((item) => item.id === id);
  if (at < 0) throw invalidRequest(`No such object: '${id}'`, { param, code: 'resource_missing' });
  return at;
}

/**
 * A list endpoint's answer: the page of `all` (newest first) its `limit`, `starting_after` and
 * `ending_before` ask for, as Stripe's list object at `url`, expanded as asked.
 */
export function listPage<T extends { id: string }>(all: T[], url: string, { params, store }: Call) {
  const { data, hasMore } = page(all, {
    limit: params.integer('limit', 1, 100) ?? 10,
    startingAfter: params.string('starting_after'),
    endingBefore: params.string('ending_before'),
  });
  return store.expanded(listOf(data, url, hasMore), params.expand());
}
