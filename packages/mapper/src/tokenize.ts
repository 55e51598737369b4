/** One word of a command line. */
export interface Token {
  text: string;
  /** Some of it was quoted or escaped, so it is a literal: `"-l"` is a word, never an option. */
  quoted: boolean;
}

export type TokenizeResult = { ok: true; tokens: Token[] } | { ok: false; error: string };

const SPACE = /\s/;

/**
 * Splits a line into words the way a Unix shell does, minus expansions: "double" and 'single'
 * quotes group words, a backslash outside quotes takes the next character literally, and inside
 * double quotes a backslash escapes only `"` and `\` (so Windows paths survive). An unterminated
 * quote is an error rather than a guess, because a guessed split could run the wrong command.
 */
export function tokenize(line: string): TokenizeResult {
  const tokens: Token[] = [];
  let text = '';
  let quoted = false;
  let inWord = false;
  let quote: '"' | "'" | null = null;

  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quote === "'") {
      if (ch === "'") quote = null;
      else text += ch;
    } else if (quote === '"') {
      const next = line.charAt(i + 1);
      if (ch === '"') quote = null;
      else if (ch === '\\' && (next === '"' || next === '\\')) {
        text += next;
        i++;
      } else text += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      quoted = true;
      inWord = true;
    } else if (ch === '\\') {
      // A trailing backslash has nothing to escape and stays as typed.
      if (i + 1 < line.length) {
        text += line.charAt(i + 1);
        i++;
        quoted = true;
      } else text += ch;
      inWord = true;
    } else if (SPACE.test(ch)) {
      if (inWord) tokens.push({ text, quoted });
      text = '';
      quoted = false;
      inWord = false;
    } else {
      text += ch;
      inWord = true;
    }
  }

  if (quote !== null) return { ok: false, error: `Error: Unterminated quote (${quote}).` };
  if (inWord) tokens.push({ text, quoted });
  return { ok: true, tokens };
}

/** The words of a line, or null when a quote is left open. */
export function splitWords(line: string): string[] | null {
  const result = tokenize(line);
  return result.ok ? result.tokens.map((t) => t.text) : null;
}
