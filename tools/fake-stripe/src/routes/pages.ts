import { invalidRequest } from '../errors';

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
