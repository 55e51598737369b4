import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';

/** One child of the document's top-level value: an array element (numeric key) or a property. */
export interface JsonChild {
  key: string | number;
  value: unknown;
}

/** No single conversation is this large; beyond it the file is refused rather than held in memory. */
export const MAX_ITEM_BYTES = 128 * 1024 * 1024;

export class JsonReadError extends Error {}

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

type Writable = Pick<TokenParser, 'write' | 'end' | 'isEnded'>;

/**
 * The children of a JSON document's top-level array or object, each as soon as it is complete,
 * so a file of any size is read holding one child at a time. Reading waits for the consumer, so a
 * slow consumer never makes the file pile up in memory. An array element larger than
 * `maxItemBytes` is passed over without being built and comes as OVERSIZED; an object's property
 * that large ends the reading. Throws JsonReadError when the JSON is broken or cut off, after
 * yielding everything before the break.
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
  const newParser = (): Writable => {
    const parser = new TokenParser({ paths: ['$.*'], keepStack: false });
    parser.onValue = ({ key, value }) => {
      if (key === undefined) return;
      if (ignoreNext) ignoreNext = false;
      else ready.push({ key, value });
    };
    parser.onError = fail;
    parser.onEnd = () => {
      if (!tokenizer.isEnded) tokenizer.end();
    };
    return parser;
  };

  const tokenizer = new Tokenizer();
  let parser = newParser();
  let depth = 0;
  let rootIsArray: boolean | undefined;
  let skipping = false;
  tokenizer.onToken = (info) => {
    const { token } = info;
    rootIsArray ??= token === TokenType.LEFT_BRACKET;
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth++;
    else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
    if (!skipping) {
      parser.write(info);
      return;
    }
    if (depth > 1) return;
    // The oversized element just closed: a fresh parser picks the array up after it, fed an
    // opening bracket and a stand-in value it does not report.
    skipping = false;
    parser = newParser();
    parser.write({ token: TokenType.LEFT_BRACKET, value: '[' });
    ignoreNext = true;
    parser.write({ token: TokenType.NULL, value: null });
    ready.push({ key: -1, value: OVERSIZED });
  };
  tokenizer.onError = fail;
  tokenizer.onEnd = () => {
    if (!parser.isEnded) parser.end();
  };

  let first = true;
  let pending = 0;
  for await (const piece of source) {
    let chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (first) {
      chunk = withoutBom(chunk);
      first = false;
    }
    if (tokenizer.isEnded) {
      if (!isWhitespace(chunk))
        throw new JsonReadError('Unexpected data after the end of the JSON document.');
      continue;
    }
    tokenizer.write(chunk);
    if (failure !== null) break;
    pending += chunk.length;
    // One child at a time: the parser holds the unfinished one, so its size is what is bounded.
    if (ready.length > 0) pending = 0;
    else if (pending > maxItemBytes && !skipping) {
      if (rootIsArray !== true || depth < 2) {
        throw new JsonReadError(`One item is larger than ${Math.round(maxItemBytes / 1024 / 1024)} MB.`);
      }
      skipping = true;
      parser = { write() {}, end() {}, isEnded: false };
    }
    while (ready.length > 0) yield ready.shift()!;
  }
  if (failure === null && !tokenizer.isEnded) {
    if (first) throw new JsonReadError('The file is empty.');
    tokenizer.end();
  }
  while (ready.length > 0) yield ready.shift()!;
  if (failure !== null) throw new JsonReadError(`Not valid JSON: ${(failure as Error).message}`);
}
