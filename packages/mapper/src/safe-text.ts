// C0 controls but '\t' and '\n', DEL and the C1 controls: what a terminal may act on rather than show.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is matched
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  if (code === 0x0d) return '';
  if (code === 0x7f) return '^?';
  if (code >= 0x80) return `M-^${String.fromCharCode(code - 0x40)}`;
  return `^${String.fromCharCode(code + 0x40)}`;
}

/**
 * Text the terminal did not write itself (logbook titles and entries, answers, server messages)
 * made harmless to print: a title such as `\x1b]0;PWNED\x07\x1b[2J` must not retitle the window,
 * clear the screen or do anything else a terminal does with control sequences.
 *
 * Controls are shown in `cat -v` caret notation, so they stay visible rather than silently lost:
 * ESC is `^[`, BEL `^G`, NUL `^@`, DEL `^?`, and a C1 control is `M-` and the caret form of its
 * 7-bit twin (U+009B, the one-byte CSI that xterm.js honours, is `M-^[`). '\n' and '\t' stay.
 *
 * Every '\r' is removed: a lone one would let text go back and overwrite its own line, and
 * removing it (rather than showing `^M`) turns '\r\n' into '\n' even when a streamed answer
 * splits the pair between two pieces, with no state kept between calls. The cost is that text
 * with old Mac line ends ('\r' alone) runs its lines together.
 *
 * The result holds no control character but '\t' and '\n', so applying it twice changes nothing.
 */
export function safeText(text: string): string {
  return text.replace(CONTROL, visible);
}
