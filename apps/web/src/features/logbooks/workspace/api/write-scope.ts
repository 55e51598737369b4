/**
 * The mutation scope of one logbook's writes: TanStack Query runs the mutations of a scope one
 * after another, in the order they were made. A second toggle on an entry names the tag the first
 * one set, so it must not reach the server first.
 */
export function logbookWriteScope(logid: string): { id: string } {
  return { id: `logbook-writes:${logid}` };
}
