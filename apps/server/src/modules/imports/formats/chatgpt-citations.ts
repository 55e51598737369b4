import { isRecord, str } from './entry-list.js';

/**
 * ChatGPT leaves a marker in an answer's text where it cites a source: `【3:0†source】` in older
 * answers, a private-use form such as `\ue200cite\ue202turn0search1\ue201` in newer ones. The
 * message's metadata names the sources: `citations[]` by where the marker stands (`start_ix` and
 * `end_ix`, counted in code points) with the source in `metadata.title`/`url`, and
 * `content_references[]` by the marker's text (`matched_text`) with the sources in `items[]`.
 * Each marker becomes a Markdown link to its sources; one whose source is not known is removed,
 * never left raw. An entity marker (`\ue200entity\ue202["city","Lisbon"]\ue201`) stands for a name
 * ChatGPT shows as text, so the name is kept.
 */

/**
 * A marker: bounded, anchored on its first character, and with one way to match, so a hostile
 * text cannot make the scan backtrack. The bracket form needs its one dagger: `【注意】` is prose.
 */
const MARKER = /【[^【】\n†]{0,64}†[^【】\n†]{0,200}】|\ue200[^\ue200\ue201\n]{0,2000}\ue201/g;
const WHOLE_MARKER = new RegExp(`^(?:${MARKER.source})$`);
/** The longest a marker can be, with room to spare: a longer span named in `citations` is none. */
const MAX_MARKER_CHARS = 2100;
/** What is left of private-use markers that were cut off or only wrap text. */
const STRAY = /[\ue200-\ue206]/g;
const MAX_LABEL_CHARS = 200;

/** Marker text -> what replaces it. */
export type Citations = ReadonlyMap<string, string>;

function isMarker(text: string): boolean {
  return text.length <= MAX_MARKER_CHARS && WHOLE_MARKER.test(text);
}

/** An http(s) address as a Markdown link target; anything else (`javascript:`, junk) is no link. */
function linkTarget(url: string | undefined): URL | undefined {
  if (url === undefined || url.length > 2000) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The sources as Markdown links, each address once, or undefined when none can be linked. */
function links(sources: readonly { title?: string; url?: string }[]): string | undefined {
  const made = new Map<string, string>();
  for (const { title, url } of sources) {
    const target = linkTarget(url);
    if (target === undefined) continue;
    const href = target.href.replaceAll('(', '%28').replaceAll(')', '%29');
    const label = (title ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL_CHARS) || target.hostname;
    if (!made.has(href)) made.set(href, `[${label.replace(/[\\[\]]/g, '\\$&')}](${href})`);
  }
  return made.size === 0 ? undefined : [...made.values()].join(' ');
}

function source(value: unknown): { title?: string; url?: string } {
  if (!isRecord(value)) return {};
  return { title: str(value.title) || str(value.attribution), url: str(value.url) };
}

/**
 * Where in the text (in UTF-16 units, as it is sliced) each of these code point offsets falls; one
 * pass, up to the furthest, however many there are. Offsets past the end are left out.
 */
function unitIndexes(text: string, offsets: readonly number[]): Map<number, number> {
  const wanted = [...new Set(offsets)].sort((a, b) => a - b);
  const found = new Map<number, number>();
  let point = 0;
  let unit = 0;
  for (const offset of wanted) {
    while (point < offset && unit < text.length) {
      unit += (text.codePointAt(unit) ?? 0) > 0xffff ? 2 : 1;
      point++;
    }
    if (point === offset) found.set(offset, unit);
  }
  return found;
}

interface Span {
  start: number;
  end: number;
  replacement: string;
}

/**
 * `citations[]`: the marker found where each says it stands, counted in code points (as ChatGPT
 * counts) or else in UTF-16 units.
 */
function fromOffsets(citations: unknown[], texts: readonly string[], found: Map<string, string>): void {
  const spans: Span[] = [];
  for (const citation of citations) {
    if (!isRecord(citation) || !isRecord(citation.metadata)) continue;
    const { start_ix: start, end_ix: end } = citation;
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) continue;
    const span = { start: start as number, end: end as number };
    if (span.start < 0 || span.end <= span.start || span.end - span.start > MAX_MARKER_CHARS) continue;
    const replacement = links([source(citation.metadata)]);
    if (replacement !== undefined) spans.push({ ...span, replacement });
  }
  if (spans.length === 0) return;
  for (const text of texts) {
    const units = unitIndexes(
      text,
      spans.flatMap((s) => [s.start, s.end]),
    );
    for (const { start, end, replacement } of spans) {
      const [from, to] = [units.get(start), units.get(end)];
      const candidates = [text.slice(start, end)];
      if (from !== undefined && to !== undefined) candidates.unshift(text.slice(from, to));
      for (const marker of candidates) {
        if (isMarker(marker) && !found.has(marker)) found.set(marker, replacement);
      }
    }
  }
}

/** `content_references[]`: each names its marker's text. */
function fromReferences(references: unknown[], found: Map<string, string>): void {
  for (const reference of references) {
    if (!isRecord(reference)) continue;
    const marker = str(reference.matched_text);
    if (marker === undefined || !isMarker(marker) || found.has(marker)) continue;
    const items = Array.isArray(reference.items) ? reference.items.map(source) : [];
    const replacement = links(items) ?? links([source(reference)]);
    if (replacement !== undefined) found.set(marker, replacement);
  }
}

/** What each marker in these texts (one message's parts) stands for, from the message's metadata. */
export function citationsOf(metadata: Record<string, unknown>, texts: readonly string[]): Citations {
  const found = new Map<string, string>();
  if (Array.isArray(metadata.content_references)) fromReferences(metadata.content_references, found);
  if (Array.isArray(metadata.citations)) fromOffsets(metadata.citations, texts, found);
  return found;
}

/** The name an entity marker shows: the second of its list (`["city","Lisbon",…]`), or its text. */
function entityName(marker: string): string {
  const body = marker.slice('\ue200entity\ue202'.length, -1);
  try {
    const parsed: unknown = JSON.parse(body);
    if (Array.isArray(parsed)) return str(parsed[1]) ?? str(parsed[0]) ?? '';
  } catch {
    // Not a list: the text itself is the name.
  }
  return body.includes('\ue202') ? '' : body;
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/**
 * `before` (the text up to a removed marker) without the spaces that end it, so `sun 【3:0†source】.`
 * reads `sun.`; kept when only the start of the line stands before them. `last`: the character
 * written before `before`.
 */
function spacesDropped(before: string, last: string | undefined): string {
  let end = before.length;
  while (end > 0 && isSpace(before[end - 1])) end--;
  if (end === before.length) return before;
  const stands = end > 0 ? before[end - 1] : last;
  return stands === undefined || stands === '\n' || isSpace(stands) ? before : before.slice(0, end);
}

/**
 * The text with every marker replaced by what it stands for, or removed, and stray private-use
 * delimiters dropped.
 */
export function withCitations(text: string, citations: Citations): string {
  if (!text.includes('】') && !/[\ue200-\ue206]/.test(text)) return text;
  const pieces: string[] = [];
  let last: string | undefined;
  let at = 0;
  const write = (piece: string) => {
    if (piece === '') return;
    pieces.push(piece);
    last = piece[piece.length - 1];
  };
  MARKER.lastIndex = 0;
  for (let found = MARKER.exec(text); found !== null; found = MARKER.exec(text)) {
    const marker = found[0];
    const before = text.slice(at, found.index);
    const replacement =
      citations.get(marker) ?? (marker.startsWith('\ue200entity\ue202') ? entityName(marker) : '');
    write(replacement === '' ? spacesDropped(before, last) : before);
    write(replacement);
    at = found.index + marker.length;
  }
  write(text.slice(at));
  return pieces.join('').replace(STRAY, '');
}
