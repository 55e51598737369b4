import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ImportFormat } from '@caravanserai/api';
import { isTag } from '@caravanserai/logbook';
import { arrayReader, type ReadElement, singleReader } from './array-reader.js';
import {
  backupReader,
  caravanseraiJsonReader,
  caravanseraiXmlReader,
  isCaravanseraiJson,
  MAX_DOCUMENT_BYTES,
} from './caravanserai.js';
import { isChatGptConversation, readChatGptConversation } from './chatgpt.js';
import { isClaudeConversation, readClaudeConversation } from './claude.js';
import { type ExportReader, UnknownFormatError } from './conversation.js';
import { isRecord } from './entry-list.js';
import { jsonChildren } from './json-values.js';
import { isLibreChatConversation, readLibreChatConversation } from './librechat.js';
import { isOpenWebUiChat, readOpenWebUiChat } from './open-webui.js';
import { ZipFile } from './zip-file.js';

export const EXPECTED_FORMATS =
  'Not a known export: expected a ChatGPT or Claude data export (zip or conversations.json), an Open WebUI ' +
  'or LibreChat chat export, or a Caravanserai XML, JSON or backup file.';

function unknown(why?: string): UnknownFormatError {
  return new UnknownFormatError(why === undefined ? EXPECTED_FORMATS : `${EXPECTED_FORMATS} ${why}`);
}

/** Conversation formats in the order they are tried; each test looks at one element's shape. */
const ARRAY_FORMATS: { format: ImportFormat; test: (value: unknown) => boolean; read: ReadElement }[] = [
  { format: 'chatgpt', test: isChatGptConversation, read: readChatGptConversation },
  { format: 'claude', test: isClaudeConversation, read: readClaudeConversation },
  { format: 'librechat', test: isLibreChatConversation, read: readLibreChatConversation },
  { format: 'open-webui', test: isOpenWebUiChat, read: readOpenWebUiChat },
];

/** How many leading elements may be broken before the array is judged to be no export at all. */
const PEEK_ELEMENTS = 20;

/** The format of an array of conversations, from its first recognisable elements. */
async function arrayFormat(
  open: () => Promise<Readable> | Readable,
): Promise<(typeof ARRAY_FORMATS)[number] | undefined> {
  let seen = 0;
  let stream: Readable | undefined;
  try {
    stream = await open();
    for await (const { key, value } of jsonChildren(stream)) {
      if (typeof key !== 'number' || ++seen > PEEK_ELEMENTS) break;
      const match = ARRAY_FORMATS.find((f) => f.test(value));
      if (match !== undefined) return match;
    }
  } catch {
    // Unreadable or broken before anything was recognised: not an export this reads.
  } finally {
    stream?.destroy();
  }
  return undefined;
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The first character that is not a byte-order mark or whitespace. */
function firstChar(head: Buffer): string {
  return head
    .toString('utf8')
    .replace(/^\uFEFF?[ \t\r\n]*/, '')
    .charAt(0);
}

/** Whether the first element, past any declaration and comments, is a logbook or an entry. */
function looksLikeLog(text: string): boolean {
  let rest = text.replace(/^\uFEFF?\s*/, '');
  for (;;) {
    const end = rest.startsWith('<?')
      ? rest.indexOf('?>')
      : rest.startsWith('<!--')
        ? rest.indexOf('-->')
        : -2;
    if (end === -2) break;
    if (end === -1) return false;
    rest = rest.slice(end + (rest.startsWith('<?') ? 2 : 3)).replace(/^\s*/, '');
  }
  const name = /^<([A-Za-z_][A-Za-z0-9_.-]*)[\s/>]/.exec(rest.slice(0, 80))?.[1];
  return name === 'logbook' || (name !== undefined && isTag(name));
}

async function readDocument(filePath: string): Promise<string> {
  const { size } = await stat(filePath);
  if (size > MAX_DOCUMENT_BYTES) {
    throw unknown(
      `This file is one document of ${Math.round(size / 1024 / 1024)} MB, more than one logbook can be.`,
    );
  }
  return readFile(filePath, 'utf8');
}

async function openObjectFile(filePath: string, fileName: string | undefined): Promise<ExportReader> {
  const text = (await readDocument(filePath)).replace(/^\uFEFF/, '');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw unknown('The file is not valid JSON.');
  }
  if (isCaravanseraiJson(document)) return caravanseraiJsonReader(text, document, fileName);
  const match = ARRAY_FORMATS.find((f) => f.test(document));
  if (match === undefined) throw unknown();
  return singleReader(match.format, () => match.read(document, 1));
}

const SHARD = /^conversations-(\d+)\.json$/;

async function openZip(filePath: string): Promise<ExportReader> {
  let zip: ZipFile;
  try {
    zip = await ZipFile.open(filePath);
  } catch {
    throw unknown('The zip could not be read.');
  }
  try {
    const manifestPath = zip.find('manifest.json');
    if (manifestPath !== undefined) {
      let manifest: unknown;
      try {
        manifest = JSON.parse(await zip.text(manifestPath, 64 * 1024 * 1024));
      } catch {
        manifest = undefined;
      }
      if (isRecord(manifest) && manifest.format === 'caravanserai-backup') {
        return backupReader(zip, manifest, manifestPath.slice(0, -'manifest.json'.length));
      }
    }
    const shards = zip
      .match(SHARD)
      .sort(
        (a, b) =>
          Number(SHARD.exec(a.split('/').pop() ?? '')?.[1]) -
          Number(SHARD.exec(b.split('/').pop() ?? '')?.[1]),
      );
    const single = zip.find('conversations.json');
    const paths = shards.length > 0 ? shards : single === undefined ? [] : [single];
    if (paths.length === 0) throw unknown('The zip holds no conversations.json.');

    let match: (typeof ARRAY_FORMATS)[number] | undefined;
    for (const path of paths) {
      match = await arrayFormat(() => zip.stream(path));
      if (match !== undefined) break;
    }
    // An export with no conversations at all: its other files still say whose it is.
    match ??=
      zip.find('chat.html') !== undefined || zip.find('user.json') !== undefined
        ? ARRAY_FORMATS[0]
        : undefined;
    match ??=
      zip.find('users.json') !== undefined || zip.find('projects.json') !== undefined
        ? ARRAY_FORMATS[1]
        : undefined;
    if (match === undefined || (match.format !== 'chatgpt' && match.format !== 'claude')) {
      throw unknown('Its conversations file is not a ChatGPT or Claude export.');
    }
    const opened = zip;
    return arrayReader({
      format: match.format,
      files: paths.map((path) => () => opened.stream(path)),
      read: match.read,
      close: () => opened.close(),
    });
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * Opens an export file and says what it is, from its content alone (never its name). `fileName`,
 * the name it was uploaded under, only names a single logbook's file (`<logid>.xml`) so a re-import
 * finds the logbook it made before. Throws UnknownFormatError for anything it cannot read.
 */
export async function openExport(
  filePath: string,
  options: { fileName?: string } = {},
): Promise<ExportReader> {
  const head = await readHead(filePath, 4096);
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) {
    return openZip(filePath);
  }
  switch (firstChar(head)) {
    case '[': {
      const match = await arrayFormat(() => createReadStream(filePath));
      if (match === undefined) throw unknown();
      return arrayReader({
        format: match.format,
        files: [async () => createReadStream(filePath)],
        read: match.read,
      });
    }
    case '{':
      return openObjectFile(filePath, options.fileName);
    case '<': {
      if (!looksLikeLog(head.toString('utf8'))) throw unknown();
      return caravanseraiXmlReader(await readDocument(filePath), options.fileName);
    }
    default:
      throw unknown();
  }
}
