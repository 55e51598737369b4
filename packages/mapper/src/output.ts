import type { MapperIO } from './io.js';

/** Writes each line followed by a newline. */
export function writeLines(io: MapperIO, ...lines: readonly string[]): void {
  if (lines.length > 0) io.write(`${lines.join('\n')}\n`);
}

/** Indents every line after the first, so multi-line content stays under its own label. */
export function hangingIndent(text: string, width: number): string {
  return text.replace(/\r?\n/g, `\n${' '.repeat(width)}`);
}

/** The first `max` characters on one line, with an ellipsis when something was cut. */
export function preview(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}
