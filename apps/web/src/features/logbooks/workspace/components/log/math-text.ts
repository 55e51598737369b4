/**
 * Answers write formulas four ways: `$…$`, `$$…$$`, `\(…\)` and `\[…\]`. The Markdown math parser
 * (remark-math) knows only the dollar forms and pairs any two dollars, so "$5 and $10" would turn
 * into a formula. This module rewrites an answer's text before parsing:
 * - `\(…\)` becomes `$…$` and `\[…\]` becomes `$$…$$` (a block of its own when it stands on its
 *   own lines, as display math should);
 * - a single `$` pairs only as Pandoc pairs it (an opener followed by a non-space, a closer after a
 *   non-space and not before a digit); any other `$` is escaped so it stays a dollar sign;
 * - code blocks and code spans are left exactly as written.
 * It also says whether any math is left, which decides whether the math renderer is loaded at all.
 */

export interface PreparedMath {
  /** The text to parse: the original when it holds no math. */
  text: string;
  /** Whether the text holds math, so the math renderer has to be loaded to draw it. */
  hasMath: boolean;
}

/** Nothing that could start math: most answers, settled without scanning. */
const MAY_HOLD_MATH = /\$|\\[([]/;

/** A code fence line: its indent, quote markers or list marker, then three or more ` or ~. */
const FENCE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})(.*)$/;
/** A line that is only `$$`: it opens or closes a block of display math. */
const MATH_FENCE = /^[ \t>]*\$\$[ \t]*$/;
/** The start of a line that comes before its content: indent, quote markers, a list marker. */
const LINE_PREFIX = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?/;

type Block = { kind: 'verbatim'; text: string; math: boolean } | { kind: 'prose'; text: string };

/** Rewrites `text` so the math parser reads its formulas, and only its formulas, as math. */
export function prepareMath(text: string): PreparedMath {
  if (!MAY_HOLD_MATH.test(text) && !/^[ \t>]*(`{3,}|~{3,})[ \t]*math\b/m.test(text)) {
    return { text, hasMath: false };
  }
  let hasMath = false;
  let out = '';
  for (const block of splitBlocks(text)) {
    if (block.kind === 'verbatim') {
      out += block.text;
      hasMath ||= block.math;
      continue;
    }
    const prose = rewriteParagraph(block.text);
    out += prose.text;
    hasMath ||= prose.hasMath;
  }
  return hasMath ? { text: out, hasMath } : { text, hasMath: false };
}

/**
 * Cuts the text into code blocks and display-math blocks (kept verbatim) and paragraphs (rewritten
 * one by one, so nothing pairs across a blank line). An unclosed fence runs to the end, as in Markdown.
 */
function splitBlocks(text: string): Block[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const blocks: Block[] = [];
  let paragraph = '';
  const endParagraph = () => {
    if (paragraph !== '') blocks.push({ kind: 'prose', text: paragraph });
    paragraph = '';
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const bare = line.replace(/\n$/, '');
    const fence = FENCE.exec(bare);
    const opens = fence && !(fence[1]?.startsWith('`') && fence[2]?.includes('`'));
    if (opens || MATH_FENCE.test(bare)) {
      endParagraph();
      const marker = fence?.[1] ?? '$$';
      let end = i + 1;
      while (end < lines.length && !closes(lines[end] as string, marker)) end++;
      const math = !fence || /^[ \t]*math\b/.test(fence[2] ?? '');
      blocks.push({ kind: 'verbatim', text: lines.slice(i, end + 1).join(''), math });
      i = end;
    } else if (bare.trim() === '' || bare.trim() === '>') {
      endParagraph();
      blocks.push({ kind: 'verbatim', text: line, math: false });
    } else {
      paragraph += line;
    }
  }
  endParagraph();
  return blocks;
}

/** Whether `line` closes a fence opened with `marker` (the same character, at least as many). */
function closes(line: string, marker: string): boolean {
  if (marker === '$$') return MATH_FENCE.test(line.replace(/\n$/, ''));
  const match = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(line.replace(/\n$/, ''));
  return !!match && match[1]?.[0] === marker[0] && (match[1]?.length ?? 0) >= marker.length;
}

/** The length of the run of `char` starting at `at`. */
function runLength(text: string, at: number, char: string): number {
  let end = at;
  while (text[end] === char) end++;
  return end - at;
}

/** Where the next run of exactly `length` × `char` starts, from `from`; -1 if none. */
function findRun(text: string, from: number, char: string, length: number): number {
  for (let at = text.indexOf(char, from); at !== -1; ) {
    const run = runLength(text, at, char);
    if (run === length) return at;
    at = text.indexOf(char, at + run);
  }
  return -1;
}

/** Where the next unescaped `\` + `close` starts, from `from`, stepping over `\x` pairs; -1 if none. */
function findEscapedClose(text: string, from: number, close: string): number {
  for (let at = from; at < text.length - 1; at++) {
    if (text[at] !== '\\') continue;
    if (text[at + 1] === close) return at;
    at++;
  }
  return -1;
}

/** Where the next `$` not escaped by a backslash is, from `from`; -1 if none. */
function findDollar(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '$') return at;
  }
  return -1;
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/**
 * Whether what stands between two delimiters can be a formula. A backtick cannot: the delimiters
 * then reach into a code span ("$5 or `$x$`"), which stays code. Nor can `$$`, which would end it.
 */
const isTex = (content: string) => !content.includes('`') && !content.includes('$$');

/**
 * Whether what stands between `\(` and `\)` (or `\[` and `\]`) inside a sentence reads as TeX.
 * Escaped brackets and parentheses are also plain Markdown ("\[1\]", "\[citation needed\]"): those
 * hold only digits, or words with no TeX in them.
 */
function looksLikeTex(content: string): boolean {
  const trimmed = content.trim();
  if (trimmed === '' || /^[\d\s,.;:-]+$/.test(trimmed)) return false;
  return /[\\^_{}=+\-*/<>|()[\]]/.test(trimmed) || !/\s/.test(trimmed);
}

/** Whether only a line's prefix (indent, quote markers, list marker) stands before `at`. */
function startsLine(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(lineStart, at);
  return (LINE_PREFIX.exec(before)?.[0].length ?? 0) === before.length;
}

/** Whether only spaces stand between `at` and the end of its line. */
function endsLine(text: string, at: number): boolean {
  const lineEnd = text.indexOf('\n', at);
  return text.slice(at, lineEnd === -1 ? undefined : lineEnd).trim() === '';
}

/** The prefix later lines of the block starting at `at` carry: the line's, with a list marker as spaces. */
function continuationPrefix(text: string, at: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return text.slice(lineStart, at).replace(/[-*+]|\d{1,9}[.)]/, (marker) => ' '.repeat(marker.length));
}

/** Math as the parser reads it: inline between dollars, or display as a `$$` block on its own lines. */
function asMath(paragraph: string, from: number, to: number, content: string, display: boolean): string {
  const tex = content.trim();
  if (display && startsLine(paragraph, from) && endsLine(paragraph, to)) {
    const prefix = continuationPrefix(paragraph, from);
    // Lines after the first keep their own indent or quote markers; the first has none of its own,
    // and a last line holding nothing but its prefix (the closer stood alone) is dropped.
    const [first = '', ...rest] = content.split('\n');
    const last = rest.at(-1);
    if (last !== undefined && last.replace(LINE_PREFIX, '').trim() === '') rest.pop();
    const lines = [...(first.trim() === '' ? [] : [prefix + first.trim()]), ...rest.map((l) => l.trimEnd())];
    return `$$\n${lines.join('\n')}\n${prefix}$$`;
  }
  // A dollar inside (TeX's \$) would end single-dollar math early; a double-dollar pair does not.
  return display || tex.includes('$') ? `$$${tex}$$` : `$${tex}$`;
}

/** Rewrites one paragraph's delimiters, left to right, stepping over code spans. */
function rewriteParagraph(paragraph: string): PreparedMath {
  let out = '';
  let hasMath = false;
  let at = 0;
  while (at < paragraph.length) {
    const char = paragraph[at];
    if (char === '`') {
      const run = runLength(paragraph, at, '`');
      const close = findRun(paragraph, at + run, '`', run);
      const end = close === -1 ? at + run : close + run;
      out += paragraph.slice(at, end);
      at = end;
    } else if (char === '\\') {
      const open = paragraph[at + 1];
      const close = open === '(' ? ')' : open === '[' ? ']' : null;
      const end = close ? findEscapedClose(paragraph, at + 2, close) : -1;
      const content = end === -1 ? '' : paragraph.slice(at + 2, end);
      const display = open === '[';
      const whole = display && startsLine(paragraph, at) && endsLine(paragraph, end + 2);
      if (end !== -1 && isTex(content) && (whole ? content.trim() !== '' : looksLikeTex(content))) {
        out += asMath(paragraph, at, end + 2, content, display);
        hasMath = true;
        at = end + 2;
      } else {
        // Any other backslash escapes the character after it, which stays as written.
        out += paragraph.slice(at, at + 2);
        at += 2;
      }
    } else if (char === '$') {
      const run = runLength(paragraph, at, '$');
      const rewritten = run === 1 ? singleDollar(paragraph, at) : multiDollar(paragraph, at, run);
      out += rewritten.text;
      hasMath ||= rewritten.math;
      at = rewritten.end;
    } else {
      out += char;
      at++;
    }
  }
  return { text: out, hasMath };
}

interface Rewritten {
  text: string;
  math: boolean;
  /** Where scanning goes on. */
  end: number;
}

/** A lone `$`: math up to the next `$` when both ends follow Pandoc's rule, else a dollar sign. */
function singleDollar(paragraph: string, at: number): Rewritten {
  const close = isSpace(paragraph[at + 1]) ? -1 : findDollar(paragraph, at + 1);
  const closes =
    close !== -1 &&
    isTex(paragraph.slice(at + 1, close)) &&
    paragraph[close + 1] !== '$' &&
    !isSpace(paragraph[close - 1]) &&
    !/\d/.test(paragraph[close + 1] ?? '');
  if (!closes) return { text: '\\$', math: false, end: at + 1 };
  return {
    text: asMath(paragraph, at, close + 1, paragraph.slice(at + 1, close), false),
    math: true,
    end: close + 1,
  };
}

/** `$$`: math up to the next `$$` (a block when it fills its lines); unpaired, dollar signs. */
function multiDollar(paragraph: string, at: number, run: number): Rewritten {
  const close = findRun(paragraph, at + run, '$', run);
  if (close === -1) return { text: '\\$'.repeat(run), math: false, end: at + run };
  const content = paragraph.slice(at + run, close);
  if (content.includes('`')) return { text: '\\$'.repeat(run), math: false, end: at + run };
  if (run === 2 && content.trim() !== '') {
    return { text: asMath(paragraph, at, close + run, content, true), math: true, end: close + run };
  }
  return { text: paragraph.slice(at, close + run), math: content.trim() !== '', end: close + run };
}
