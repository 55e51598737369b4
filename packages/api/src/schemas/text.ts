import { z } from 'zod';

/**
 * The characters no string from outside may carry, in one place: C0 controls (tab, line feed and
 * carriage return only where multi-line text is allowed), DEL and unpaired surrogates. PostgreSQL
 * cannot store a NUL, a terminal obeys escapes, and a lone surrogate cannot be encoded as UTF-8.
 */
const FORBIDDEN_IN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_IN_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it refuses
  /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The same controls alone: a plain character class, which scans several times faster. */
const CONTROLS_IN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROLS_IN_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it refuses
  /[\u0000-\u001F\u007F]/;

/** True when `value` has no unpaired surrogate (the engine's own check where it has one). */
const wellFormed = (value: string): boolean =>
  (value as { isWellFormed?: () => boolean }).isWellFormed?.() ?? !/[\uD800-\uDFFF]/.test(value);

export type TextKind = 'line' | 'text';

/** Why `value` cannot be accepted as a one-line field or as multi-line text, or null when it can. */
export function textProblem(value: string, kind: TextKind): string | null {
  // Almost all text passes: two quick scans clear it (a log of megabytes is checked on the
  // request thread), and only text that fails one is searched again for where and why.
  if (!(kind === 'line' ? CONTROLS_IN_LINE : CONTROLS_IN_TEXT).test(value) && wellFormed(value)) return null;
  const at = value.search(kind === 'line' ? FORBIDDEN_IN_LINE : FORBIDDEN_IN_TEXT);
  if (at < 0) return null;
  const code = value.charCodeAt(at);
  if (code === 0) return 'Null characters are not allowed.';
  if (code === 0x0a || code === 0x0d || code === 0x09)
    return 'This field may not contain line breaks or tabs.';
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff) return `Unpaired surrogate ${name} at position ${at} is not allowed.`;
  return `Control character ${name} at position ${at} is not allowed.`;
}

function refuse(kind: TextKind) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  };
}

/**
 * A one-line field from outside (titles, names, keys, addresses): no controls, no breaks. Trimmed
 * first, so a pasted trailing newline is dropped rather than refused; passwords keep their spaces.
 */
export const Line = ({ trim = true } = {}) =>
  (trim ? z.string().trim() : z.string()).superRefine(refuse('line'));

/** Multi-line text from outside (prompts, descriptions, entries): tabs and line breaks allowed. */
export const Text = () => z.string().superRefine(refuse('text'));

/** The largest value a 32-bit integer column holds (both databases use `integer` for counters). */
export const MAX_INT32 = 2_147_483_647;
