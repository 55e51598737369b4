import { SNIPPET_CLOSE, SNIPPET_OPEN } from '@caravanserai/api';

export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * A snippet cut at its hit marks into plain text and hits, to be drawn as text nodes (never as
 * HTML). An opening mark without its close makes the rest plain text, marks and all.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, hit: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.hit === hit) last.text += text;
    else parts.push({ text, hit });
  };
  let at = 0;
  while (at < snippet.length) {
    const open = snippet.indexOf(SNIPPET_OPEN, at);
    if (open < 0) break;
    const close = snippet.indexOf(SNIPPET_CLOSE, open + SNIPPET_OPEN.length);
    if (close < 0) break;
    push(snippet.slice(at, open), false);
    push(snippet.slice(open + SNIPPET_OPEN.length, close), true);
    at = close + SNIPPET_CLOSE.length;
  }
  push(snippet.slice(at), false);
  return parts;
}
