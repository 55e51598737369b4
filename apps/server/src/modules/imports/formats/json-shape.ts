import { Tokenizer, TokenType } from '@streamparser/json';

/** How much of a JSON file is looked at to say what it is: its first tokens, not the whole. */
export const SNIFF_BYTES = 256 * 1024;

interface Frame {
  value: Record<string, unknown> | unknown[];
  key: string | undefined;
}

/**
 * The document as far as its first `budget` bytes go: every container opened so far, with the
 * keys and values read so far (a key whose value is not read yet is present, as undefined). What a
 * format is told by (its keys and their kinds) is there long before the file ends, so the format
 * is known without reading the file through. Undefined when nothing could be read; a break after
 * the start leaves the shape read before it.
 */
export async function jsonShape(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  budget = SNIFF_BYTES,
): Promise<unknown> {
  const stack: Frame[] = [];
  let root: unknown;
  let started = false;
  let stop = false;
  const put = (value: unknown) => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      root = value;
      started = true;
    } else if (Array.isArray(top.value)) top.value.push(value);
    else if (top.key !== undefined) {
      define(top.value, top.key, value);
      top.key = undefined;
    }
  };
  const tokenizer = new Tokenizer();
  tokenizer.onToken = ({ token, value }) => {
    const top = stack[stack.length - 1];
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET: {
        const container = token === TokenType.LEFT_BRACE ? {} : [];
        put(container);
        stack.push({ value: container, key: undefined });
        return;
      }
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        stack.pop();
        if (stack.length === 0) stop = true;
        return;
      case TokenType.COLON:
      case TokenType.COMMA:
        return;
      case TokenType.STRING:
        if (top !== undefined && !Array.isArray(top.value) && top.key === undefined) {
          top.key = String(value);
          define(top.value, top.key, undefined);
          return;
        }
        put(value);
        return;
      default:
        put(value);
    }
  };
  tokenizer.onError = () => {
    stop = true;
  };
  let read = 0;
  let first = true;
  try {
    for await (const piece of source) {
      let chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      if (first && chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
      }
      first = false;
      if (read + chunk.length > budget) chunk = chunk.subarray(0, budget - read);
      read += chunk.length;
      try {
        tokenizer.write(chunk);
      } catch {
        stop = true;
      }
      if (stop || read >= budget) break;
    }
  } catch {
    // A source that fails part way: what was read is the shape.
  }
  return started ? root : undefined;
}

/** Sets a key as data, even `__proto__`. */
function define(target: Record<string, unknown> | unknown[], key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
