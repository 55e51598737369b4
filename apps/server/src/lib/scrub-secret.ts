/** How long a piece of a secret must be to count as leaked. */
export const LEAK_RUN = 8;
/** Shorter secrets are scrubbed whole; below this they would only mangle ordinary words. */
const MIN_WHOLE = 4;
const MARK = '[key]';

/**
 * Removes a secret from text meant for people or logs: the whole secret, and any run of LEAK_RUN
 * or more of its characters (providers echo keys trimmed, masked at the ends, or cut in half).
 */
export function scrubSecret(text: string, secret: string): string {
  if (secret.length < LEAK_RUN) {
    return secret.length >= MIN_WHOLE ? text.split(secret).join(MARK) : text;
  }
  const pieces = new Set<string>();
  for (let i = 0; i + LEAK_RUN <= secret.length; i++) pieces.add(secret.slice(i, i + LEAK_RUN));
  // Every window of the text that is a piece of the secret is covered; overlapping windows make
  // one run, so a long echo becomes a single mark.
  const covered = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i + LEAK_RUN <= text.length; i++) {
    if (pieces.has(text.slice(i, i + LEAK_RUN))) {
      covered.fill(1, i, i + LEAK_RUN);
      any = true;
    }
  }
  if (!any) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (!covered[i]) out += text[i];
    else if (i === 0 || !covered[i - 1]) out += MARK;
  }
  return out;
}
