import { createHash } from 'node:crypto';

/**
 * An id for a conversation whose export gives it none: a digest of what it holds, handed over as
 * values in an order that does not depend on how the file was read (its title, its time, then each
 * message's id and words). Importing the same file again finds the logbook it made; a conversation
 * that grew is a new one, as it has no id to be found by. `sha256-` sets it apart from the sources'
 * own ids (UUIDs and the like).
 */
export function contentId(values: Iterable<unknown>): string {
  const hash = createHash('sha256');
  for (const value of values) hash.update(`${line(value)}\n`);
  return `sha256-${hash.digest('hex').slice(0, 32)}`;
}

/** One value as JSON; one nested beyond what the stack holds (hostile input) as a fixed mark. */
function line(value: unknown): string {
  try {
    return JSON.stringify(value ?? null) ?? 'null';
  } catch {
    return '"[too deep]"';
  }
}
