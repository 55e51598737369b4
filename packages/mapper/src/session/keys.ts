/** The key sequences terminals send (xterm.js and a Node TTY in raw mode send the same). */
export const KEY = {
  enter: ['\r', '\n'],
  backspace: ['\x7f', '\b'],
  delete: '\x1b[3~',
  left: ['\x1b[D', '\x1bOD'],
  right: ['\x1b[C', '\x1bOC'],
  up: ['\x1b[A', '\x1bOA'],
  down: ['\x1b[B', '\x1bOB'],
  home: ['\x1b[H', '\x1bOH', '\x01'],
  end: ['\x1b[F', '\x1bOF', '\x05'],
  ctrlC: '\x03',
  ctrlL: '\x0c',
  ctrlV: '\x16',
} as const;

export const is = (data: string, key: string | readonly string[]): boolean =>
  typeof key === 'string' ? data === key : key.includes(data);

/**
 * Printable text: no control characters and no escape sequences (pasted text included). C1
 * controls count too: xterm.js acts on U+009B as a CSI, and the line is echoed as typed.
 */
export function printable(data: string): string | null {
  if (data.startsWith('\x1b')) return null;
  const text = data.replace(/\r\n|\r|\n|\t/g, ' ');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is filtered out
  return /[\x00-\x1f\x7f-\x9f]/.test(text) ? null : text;
}
