import type { Readable } from 'node:stream';
import type { ImportFormat } from '@caravanserai/api';
import type { ReadElement } from './array-reader.js';
import { isChatGptConversation, readChatGptConversation } from './chatgpt.js';
import { isClaudeConversation, readClaudeConversation } from './claude.js';
import { UnknownFormatError } from './conversation.js';
import { smallJsonIsBroken } from './cut-off.js';
import { jsonShape, SNIFF_BYTES } from './json-shape.js';
import { isLibreChatConversation, readLibreChatConversation } from './librechat.js';
import { isOpenWebUiChat, readOpenWebUiChat } from './open-webui.js';

/**
 * Telling an export's format from its first bytes (openExport reads it afterwards): the
 * conversation formats an array may hold, and what is said of a file that is none of them.
 */
export const EXPECTED_FORMATS =
  'Not a known export: expected a ChatGPT or Claude data export (zip or conversations.json), an Open WebUI ' +
  'or LibreChat chat export, or a Caravanserai XML, JSON or backup file.';

export function unknown(why?: string): UnknownFormatError {
  return new UnknownFormatError(why === undefined ? EXPECTED_FORMATS : `${EXPECTED_FORMATS} ${why}`);
}

export interface ArrayFormat {
  format: ImportFormat;
  test: (value: unknown) => boolean;
  read: ReadElement;
}

/** Conversation formats in the order they are tried; each test looks at one element's shape. */
export const ARRAY_FORMATS: ArrayFormat[] = [
  { format: 'chatgpt', test: isChatGptConversation, read: readChatGptConversation },
  { format: 'claude', test: isClaudeConversation, read: readClaudeConversation },
  { format: 'librechat', test: isLibreChatConversation, read: readLibreChatConversation },
  { format: 'open-webui', test: isOpenWebUiChat, read: readOpenWebUiChat },
];

/** How many leading elements may be broken before the array is judged to be no export at all. */
const PEEK_ELEMENTS = 20;

/** A JSON file's first bytes only: enough to tell its format by, never the whole. */
export function sniffStream(open: () => Promise<Readable> | Readable): AsyncIterable<Buffer> {
  return {
    async *[Symbol.asyncIterator]() {
      const stream = await open();
      try {
        let read = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          yield chunk;
          read += chunk.length;
          if (read >= SNIFF_BYTES) break;
        }
      } finally {
        stream.destroy();
      }
    },
  };
}

/**
 * The format of an array of conversations, from the shape of its first recognisable elements
 * within its first bytes; the elements themselves are read and checked when the import reads them.
 * `empty`: the array is whole and holds nothing, so no format can be told from it.
 */
export async function arrayFormat(
  open: () => Promise<Readable> | Readable,
): Promise<ArrayFormat | 'empty' | undefined> {
  const shape = await jsonShape(sniffStream(open));
  if (!Array.isArray(shape)) return undefined;
  // `[]`, not a list cut off before its first element.
  if (shape.length === 0) return (await smallJsonIsBroken(open, 'list')) === false ? 'empty' : undefined;
  for (const element of shape.slice(0, PEEK_ELEMENTS)) {
    const match = ARRAY_FORMATS.find((f) => f.test(element));
    if (match !== undefined) return match;
  }
  return undefined;
}
