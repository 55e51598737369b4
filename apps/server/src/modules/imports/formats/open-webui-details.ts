import { decodeHTMLAttribute, decodeHTMLStrict } from 'entities';
import type { EntryList, TurnAttrs } from './entry-list.js';

/**
 * Open WebUI keeps an answer's reasoning and tool calls inside its text, as
 * `<details type="reasoning">…</details>` and `<details type="tool_calls" name=… arguments=…
 * result=…>`. These are split out in place: reasoning -> comment, a call -> code, its result ->
 * shell, and the words around them -> gen. Scanned with indexOf, never a backtracking pattern.
 * Attributes are HTML-escaped, and so is the reasoning in newer versions (`&gt; It&#x27;s`): both
 * are decoded.
 */

const OPEN = '<details type="';
const CLOSE = '</details>';

function attribute(tag: string, name: string): string {
  const start = tag.indexOf(` ${name}="`);
  if (start === -1) return '';
  const from = start + name.length + 3;
  const end = tag.indexOf('"', from);
  return end === -1 ? '' : decodeHTMLAttribute(tag.slice(from, end));
}

/**
 * The body of a block without its summary line, each line's `> ` quote taken off. Newer versions
 * escape the quoted lines (`&gt; ...`), entities and all; older ones wrote them as they were, so
 * only a body whose lines begin escaped is decoded.
 */
function withoutSummary(body: string): string {
  const start = body.indexOf('<summary>');
  const end = body.indexOf('</summary>');
  const kept =
    start !== -1 && end > start ? body.slice(0, start) + body.slice(end + '</summary>'.length) : body;
  const rest = kept.trimStart().startsWith('&gt;') ? decodeHTMLStrict(kept) : kept;
  return rest
    .split('\n')
    .map((line) => line.replace(/^> ?/, ''))
    .join('\n')
    .trim();
}

export function answerInto(list: EntryList, content: string, attrs: TurnAttrs): void {
  let at = 0;
  for (;;) {
    const open = content.indexOf(OPEN, at);
    const tagEnd = open === -1 ? -1 : content.indexOf('>', open);
    const close = tagEnd === -1 ? -1 : content.indexOf(CLOSE, tagEnd);
    if (close === -1) break;
    list.gen(content.slice(at, open).trim(), attrs);
    const tag = content.slice(open, tagEnd);
    const body = content.slice(tagEnd + 1, close);
    const type = tag.slice(OPEN.length, tag.indexOf('"', OPEN.length));
    if (type === 'tool_calls') {
      list.add(
        'code',
        [attribute(tag, 'name'), attribute(tag, 'arguments')].filter(Boolean).join('\n'),
        attrs,
      );
      list.add('shell', attribute(tag, 'result'), attrs);
    } else if (type === 'code_interpreter') {
      list.add('code', withoutSummary(body), attrs);
    } else {
      list.thought(withoutSummary(body), attrs);
    }
    at = close + CLOSE.length;
  }
  list.gen(at === 0 ? content : content.slice(at).trim(), attrs);
}
