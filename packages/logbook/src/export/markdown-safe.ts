/**
 * Helpers that keep user and AI text from breaking the structure of a Markdown transcript.
 * The text itself stays Markdown (answers usually are), but nothing in one entry may swallow
 * the entries after it.
 */

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
// Anything that could open an HTML tag, comment or declaration, anywhere on a line: blocks may run
// to the end of the document if never closed, and raw HTML in an export is a script-injection risk.
const HTML_OPENING = /<(?=[A-Za-z/!?])/g;

/** Normalises line endings so line-based checks see what a Markdown renderer sees. */
function lines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/** Text with raw HTML neutralised (outside code fences) and any unclosed code fence closed. */
export function containMarkdown(text: string): string {
  const out: string[] = [];
  let open: string | null = null;
  for (const line of lines(text)) {
    if (open === null) {
      const opener = FENCE_OPEN.exec(line);
      // An info string after a backtick fence may not contain backticks; if it does, no fence.
      if (opener?.[1] && !(opener[1].startsWith('`') && opener[2]?.includes('`'))) open = opener[1];
      out.push(opener ? line : line.replace(HTML_OPENING, '\\<'));
    } else {
      const closer = FENCE_CLOSE.exec(line)?.[1];
      if (closer && closer[0] === open[0] && closer.length >= open.length) open = null;
      out.push(line);
    }
  }
  if (open !== null) out.push(open);
  return out.join('\n');
}

/** A fenced code block whose backtick fence is longer than any backtick run in the code. */
export function fencedBlock(code: string, info = ''): string {
  let longest = 0;
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = code.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return `${fence}${info}\n${body}\n${fence}`;
}

/** A single line of inline text: whitespace collapsed, characters with Markdown meaning escaped. */
export function inlineText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>#|~&]/g, '\\$&');
}

/** Prefixes every line with `> `, so the text lives and ends inside one blockquote. */
export function blockquote(text: string): string {
  return lines(text)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}
