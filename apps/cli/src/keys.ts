/**
 * Splits what a raw-mode TTY delivered in one read into single keys: escape sequences, control
 * characters, and runs of ordinary text (typed fast or pasted) — the units the session expects.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal key sequences are control characters
const KEY = /\x1b\[[0-9;]*[A-Za-z~]|\x1bO[A-Za-z]|\x1b|[\x00-\x1f\x7f]|[^\x00-\x1f\x7f\x1b]+/g;

export function splitKeys(data: string): string[] {
  return data.match(KEY) ?? [];
}
