import { Tokenizer, TokenParser } from '@streamparser/json';
import { MAX_CONVERSATION_BYTES, megabytes } from './conversation.js';

/** One child of the document's top-level value: an array element (numeric key) or a property. */
export interface JsonChild {
  key: string | number;
  value: unknown;
}

/** No single conversation is this large; beyond it the element is passed over, never held. */
export const MAX_ITEM_BYTES = MAX_CONVERSATION_BYTES;

export class JsonReadError extends Error {}

/** The JSON itself is broken: cut off, or not JSON at all (not merely too large to take). */
export class JsonSyntaxError extends JsonReadError {}

const BOM = [0xef, 0xbb, 0xbf];

function withoutBom(chunk: Buffer): Buffer {
  return chunk.length >= 3 && BOM.every((byte, i) => chunk[i] === byte) ? chunk.subarray(3) : chunk;
}

function isWhitespace(chunk: Buffer): boolean {
  for (const byte of chunk) {
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false;
  }
  return true;
}

/** Stands in for an array element too large to hold: it was passed over, not parsed. */
export const OVERSIZED = Symbol('oversized');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Follows the nesting of the raw bytes (strings and their escapes included), so an element too large
 * to parse can be passed over byte by byte without the tokenizer, which would hold a long string
 * whole until it closes.
 */
class Nesting {
  depth = 0;
  private inString = false;
  private escaped = false;

  /** Follows bytes `from`..`to` of the chunk. */
  follow(chunk: Buffer, from: number, to = chunk.length): void {
    for (let i = from; i < to; i++) this.step(chunk[i] as number);
  }

  /** Follows the chunk until the nesting falls back to `depth`; the index just after, or -1. */
  closeTo(chunk: Buffer, from: number, depth: number): number {
    for (let i = from; i < chunk.length; i++) {
      this.step(chunk[i] as number);
      if (this.depth === depth && !this.inString) return i + 1;
    }
    return -1;
  }

  private step(byte: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (byte === QUOTE) this.inString = false;
    } else if (byte === QUOTE) this.inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) this.depth--;
  }
}

/**
 * The children of a JSON document's top-level array or object, each as soon as it is complete,
 * so a file of any size is read holding one child at a time. Reading waits for the consumer, so a
 * slow consumer never makes the file pile up in memory. An array element larger than
 * `maxItemBytes` is passed over without being built or buffered and comes as OVERSIZED; an
 * object's property or a bare value that large ends the reading (JsonReadError). Throws
 * JsonSyntaxError when the JSON is broken or cut off, after yielding everything before the break.
 */
export async function* jsonChildren(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxItemBytes = MAX_ITEM_BYTES,
): AsyncGenerator<JsonChild> {
  const ready: JsonChild[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
  };
  let ignoreNext = false;
  const begin = (): Tokenizer => {
    const nextParser = new TokenParser({ paths: ['$.*'], keepStack: false });
    const nextTokenizer = new Tokenizer();
    nextParser.onValue = ({ key, value }) => {
      if (key === undefined) return;
      if (ignoreNext) ignoreNext = false;
      else ready.push({ key, value });
    };
    nextParser.onError = fail;
    nextParser.onEnd = () => {
      if (!nextTokenizer.isEnded) nextTokenizer.end();
    };
    nextTokenizer.onToken = (info) => nextParser.write(info);
    nextTokenizer.onError = fail;
    nextTokenizer.onEnd = () => {
      if (!nextParser.isEnded) nextParser.end();
    };
    return nextTokenizer;
  };
  let tokenizer = begin();

  const nesting = new Nesting();
  let rootIsArray: boolean | undefined;
  let skipping = false;
  let pending = 0;
  const feed = (chunk: Buffer) => {
    let from = 0;
    while (from < chunk.length) {
      if (!skipping) {
        nesting.follow(chunk, from);
        tokenizer.write(from === 0 ? chunk : chunk.subarray(from));
        pending += chunk.length - from;
        return;
      }
      const after = nesting.closeTo(chunk, from, 1);
      if (after === -1) return;
      // The oversized element just closed: a fresh tokenizer and parser pick the array up after
      // it, fed an opening bracket and a stand-in value they do not report.
      skipping = false;
      pending = 0;
      tokenizer = begin();
      ignoreNext = true;
      tokenizer.write('[null');
      ready.push({ key: -1, value: OVERSIZED });
      from = after;
    }
  };

  let first = true;
  for await (const piece of source) {
    let chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (first) {
      chunk = withoutBom(chunk);
      if (chunk.length === 0) continue;
      first = false;
    }
    if (!skipping && tokenizer.isEnded) {
      if (!isWhitespace(chunk))
        throw new JsonSyntaxError('Unexpected data after the end of the JSON document.');
      continue;
    }
    if (rootIsArray === undefined) {
      const text = chunk.toString('latin1').trimStart();
      if (text !== '') rootIsArray = text.startsWith('[');
    }
    feed(chunk);
    if (failure !== null) break;
    // One child at a time: the parser holds the unfinished one, so its size is what is bounded.
    if (ready.length > 0 && !skipping) pending = 0;
    else if (pending > maxItemBytes && !skipping) {
      if (rootIsArray !== true || nesting.depth < 2) {
        throw new JsonReadError(`One item is larger than ${megabytes(maxItemBytes)}.`);
      }
      skipping = true;
    }
    while (ready.length > 0) yield ready.shift()!;
  }
  if (failure === null && (skipping || !tokenizer.isEnded)) {
    if (first) throw new JsonSyntaxError('The file is empty.');
    if (skipping) {
      ready.push({ key: -1, value: OVERSIZED });
      fail(new Error('The file ends inside an item larger than the bound.'));
    } else tokenizer.end();
  }
  while (ready.length > 0) yield ready.shift()!;
  if (failure !== null) throw new JsonSyntaxError(`Not valid JSON: ${(failure as Error).message}`);
}
