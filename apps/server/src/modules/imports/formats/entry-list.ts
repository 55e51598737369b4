import {
  cleanText,
  type Entry,
  newQid,
  REPLACEMENT,
  ROOT_PARENT,
  type Tag,
  validateEntry,
} from '@caravanserai/logbook';
import { z } from 'zod';
import type { ReadItem, SourceFile } from './conversation.js';

/** Source ids and model names are labels: a longer one is hostile input, not a name. */
const MAX_ATTR_CHARS = 200;
const MAX_TITLE_CHARS = 200;

export interface TurnAttrs {
  /** ISO 8601. */
  created?: string;
  model?: string;
  source_msg?: string;
}

/**
 * Text from the export made storable: what XML cannot hold, and DEL, which no text from outside
 * may carry, become U+FFFD; the rest is kept exactly.
 */
export function storable(text: string): string {
  return cleanText(text).replace(/\u007F/g, REPLACEMENT);
}

function attrsOf(attrs: TurnAttrs, extra: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...extra };
  for (const name of ['created', 'model', 'source_msg'] as const) {
    const value = attrs[name];
    if (value !== undefined && value !== '') out[name] = storable(value.slice(0, MAX_ATTR_CHARS));
  }
  return out;
}

/** Where the list stands: the turn's qid, and (for a tree) the eid the next entry follows. */
export interface ListPlace {
  qid: string | null;
  follows: string | null;
}

/**
 * The entries of one conversation as they are read, turn by turn. A user turn opens a new qid;
 * every answer in that turn carries it, and an answer with no question before it gets its own.
 * Given `eidFor`, the list is a tree (DESIGN 3a): each entry gets an eid, and `parent` wherever it
 * does not follow the entry written just before it; `resume` goes back to a place to write a
 * branch from there.
 */
export class EntryList {
  readonly entries: Entry[] = [];
  /** The files the export holds that the entries name, by the ref they name them with. */
  readonly files = new Map<string, SourceFile>();
  private qid: string | null = null;
  private follows: string | null = null;
  private last: string | null = null;
  private readonly perMessage = new Map<string, number>();

  /** `eidFor(key)`: the eid of the entry `key` names (its message id and its place in it). */
  constructor(private readonly eidFor?: (key: string) => string) {}

  place(): ListPlace {
    return { qid: this.qid, follows: this.follows };
  }

  resume(place: ListPlace): void {
    this.qid = place.qid;
    this.follows = place.follows;
  }

  private push(entry: Entry): void {
    if (this.eidFor) {
      const message = entry.attrs.source_msg ?? '';
      const n = this.perMessage.get(message) ?? 0;
      this.perMessage.set(message, n + 1);
      const eid = this.eidFor(`${message}#${n}`);
      entry.attrs.eid = eid;
      if (this.follows !== this.last) entry.attrs.parent = this.follows ?? ROOT_PARENT;
      this.follows = eid;
      this.last = eid;
    }
    this.entries.push(entry);
  }

  /** A user's turn begins: answers from here on answer it, not the turn before. */
  startTurn(): void {
    this.qid = null;
  }

  /** A question, with the files it carried (a question of only files is named by them). */
  query(content: string, attrs: TurnAttrs, files: readonly SourceFile[] = []): void {
    const text = isBlank(content) ? files.map((f) => `[${oneLine(f.name)}]`).join(' ') : content;
    if (isBlank(text)) return;
    this.qid = newQid();
    // The model's name belongs on answers only.
    const { model: _model, ...rest } = attrs;
    const extra: Record<string, string> = { qid: this.qid };
    if (files.length > 0) extra.files = files.map((f) => this.carry(f)).join(' ');
    this.push({ tag: 'query', attrs: attrsOf(rest, extra), content: storable(text) });
  }

  /** A file the export holds, shown where it was (an answer's image): a note naming it, carrying it. */
  attached(kind: 'Image' | 'File', file: SourceFile, attrs: TurnAttrs): void {
    const { model: _model, ...rest } = attrs;
    const label = oneLine(file.name).slice(0, MAX_ATTR_CHARS);
    const content = storable(`[${kind}: ${label}]`);
    this.push({ tag: 'comment', attrs: attrsOf(rest, { files: this.carry(file) }), content });
  }

  private carry(file: SourceFile): string {
    this.files.set(file.ref, file);
    return file.ref;
  }

  gen(content: string, attrs: TurnAttrs): void {
    if (isBlank(content)) return;
    this.qid ??= newQid();
    this.push({ tag: 'gen', attrs: attrsOf(attrs, { qid: this.qid }), content: storable(content) });
  }

  /** context, comment, code or shell; these carry no model name either. */
  add(tag: Exclude<Tag, 'query' | 'gen'>, content: string, attrs: TurnAttrs): void {
    if (isBlank(content)) return;
    const { model: _model, ...rest } = attrs;
    this.push({ tag, attrs: attrsOf(rest), content: storable(content) });
  }

  /** A model's thinking, stored as thinking asked here is (DESIGN 12): a reasoning comment. */
  thought(content: string, attrs: TurnAttrs): void {
    if (isBlank(content)) return;
    const { model: _model, ...rest } = attrs;
    this.push({ tag: 'comment', attrs: attrsOf(rest, { kind: 'reasoning' }), content: storable(content) });
  }

  /** A file the export names but does not hold, noted where it was. */
  missing(kind: 'Image' | 'File' | 'Audio', name: string, attrs: TurnAttrs): void {
    const label = oneLine(name).slice(0, MAX_ATTR_CHARS);
    this.add('comment', `[${kind} not included in the export${label === '' ? '' : `: ${label}`}]`, attrs);
  }
}

export function isBlank(text: string): boolean {
  return text.trim() === '';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Dates outside what a Date can hold (about 275,000 years either side of 1970) are left out.
function isoFromMs(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * An epoch time in seconds, or in milliseconds when it is too large to be seconds (some exports
 * mix the two): anything past the year 5000 in seconds is read as milliseconds.
 */
export function isoFromEpoch(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  return isoFromMs(value > 1e11 ? value : value * 1000);
}

/** An ISO 8601 (or otherwise Date-readable) string, normalised; anything else is left out. */
export function isoFromText(value: unknown): string | undefined {
  if (typeof value === 'number') return isoFromEpoch(value);
  if (typeof value !== 'string' || value.length > 64) return undefined;
  return isoFromMs(Date.parse(value));
}

/** A string field of untyped input, or undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** An id as exports write them: a non-empty string, or a number. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A title to show: the source's, else the first question's opening words, else the date. */
export function titleFor(title: unknown, entries: readonly Entry[], createdAt: string | undefined): string {
  // A character a logbook cannot hold is dropped from a title rather than shown as a mark.
  const given = typeof title === 'string' ? clip(oneLine(storable(title).replaceAll(REPLACEMENT, ''))) : '';
  if (given !== '') return given;
  const question = entries.find((e) => e.tag === 'query');
  const asked = question === undefined ? '' : clip(oneLine(question.content));
  if (asked !== '') return asked;
  return createdAt === undefined
    ? 'Untitled conversation'
    : `Untitled conversation ${createdAt.slice(0, 10)}`;
}

/** Cut to the title length without splitting a surrogate pair. */
function clip(text: string): string {
  if (text.length <= MAX_TITLE_CHARS) return text;
  const cut = text.slice(0, MAX_TITLE_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  return (last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut).trimEnd();
}

/** A source id: the source's own id cleaned and bounded, so it can be stored and matched. */
export function sourceId(prefix: string, id: string): string {
  return `${prefix}:${storable(id.slice(0, MAX_ATTR_CHARS)).replace(/[\t\n\r]/g, ' ')}`;
}

/** A conversation left out, its title and reason made one storable line whatever the export held. */
export function skipped(source_id: string, title: string, reason: string): ReadItem {
  return { skipped: { source_id, title: titleFor(title, [], undefined), reason: oneLine(storable(reason)) } };
}

/** A text field of an export that may be missing or of another type: read as absent then. */
export const optionalText = z.string().optional().catch(undefined);

export const EMPTY_CONVERSATION = 'Empty conversation: no messages left to import.';

/** The earliest and the latest time its entries were written, where they say. */
function entryTimes(entries: readonly Entry[]): { first?: string; last?: string } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const entry of entries) {
    const created = entry.attrs.created;
    const ms = created === undefined ? Number.NaN : Date.parse(created);
    if (!Number.isFinite(ms)) continue;
    first = Math.min(first, ms);
    last = Math.max(last, ms);
  }
  return { first: isoFromMs(first), last: isoFromMs(last) };
}

/**
 * The finished conversation, or why it is skipped: nothing left to import, or an unstorable entry.
 * A conversation that does not say when it began or last changed is dated by its entries' times.
 */
export function finish(opts: {
  source_id: string;
  title: unknown;
  created_at: string | undefined;
  modified_at?: string | undefined;
  entries: Entry[];
  /** The eid of the entry the conversation was left at, for a tree. */
  head?: string | undefined;
  /** The files the entries carry (EntryList.files). */
  files?: ReadonlyMap<string, SourceFile>;
}): ReadItem {
  const { source_id, entries } = opts;
  const { first, last } = entryTimes(entries);
  const created_at = opts.created_at ?? first;
  const modified_at = opts.modified_at ?? last ?? created_at;
  const title = titleFor(opts.title, entries, created_at);
  if (entries.length === 0) return skipped(source_id, title, EMPTY_CONVERSATION);
  for (const entry of entries) {
    const problem = validateEntry(entry);
    if (problem !== null) return skipped(source_id, title, problem);
  }
  return {
    conversation: {
      source_id,
      title,
      ...(created_at === undefined ? {} : { created_at }),
      ...(modified_at === undefined ? {} : { modified_at }),
      entries,
      ...(opts.head === undefined ? {} : { head: opts.head }),
      ...(opts.files === undefined || opts.files.size === 0 ? {} : { files: [...opts.files.values()] }),
    },
  };
}

/** Why reading failed, as a sentence for the person importing. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Could not be read: ${storable(message).slice(0, 300)}`;
}
