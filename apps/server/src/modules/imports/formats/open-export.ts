import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { isTag } from '@caravanserai/logbook';
import { arrayReader, singleReader, tooLargeConversation } from './array-reader.js';
import {
  backupReader,
  caravanseraiJsonReader,
  caravanseraiXmlReader,
  isCaravanseraiJson,
} from './caravanserai.js';
import {
  type ExportReader,
  MAX_CONVERSATION_BYTES,
  NoConversationsError,
  type ParseLog,
  UnknownFormatError,
} from './conversation.js';
import { isAssetFile, NO_ASSETS, zipAssets } from './export-assets.js';

export { EXPECTED_FORMATS } from './export-formats.js';

import { CutOffError, smallJsonIsBroken } from './cut-off.js';
import { isRecord, reasonOf, skipped } from './entry-list.js';
import { ARRAY_FORMATS, type ArrayFormat, arrayFormat, sniffStream, unknown } from './export-formats.js';
import { jsonShape, SNIFF_BYTES } from './json-shape.js';
import { ZipFile } from './zip-file.js';

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

/**
 * A file that is one JSON object: our logbook download, or one chat. Its format is told from its
 * first bytes; it is read whole, within the bound, only when its items are read.
 */
async function openObjectFile(filePath: string, options: OpenOptions): Promise<ExportReader> {
  const { fileName, maxItemBytes = MAX_CONVERSATION_BYTES } = options;
  const shape = await jsonShape(sniffStream(() => createReadStream(filePath, { end: SNIFF_BYTES })));
  if (!isRecord(shape)) throw unknown('The file is not valid JSON.');
  const own = isCaravanseraiJson(shape);
  const match = own ? undefined : ARRAY_FORMATS.find((f) => f.test(shape));
  if (!own && match === undefined) throw unknown();
  const format = match?.format ?? 'caravanserai-json';
  if (await smallJsonIsBroken(() => createReadStream(filePath), 'document')) throw new CutOffError(format);
  if (match === undefined) return caravanseraiJsonReader(filePath, fileName, maxItemBytes);
  return singleReader(match.format, async () => {
    const { size } = await stat(filePath);
    if (size > maxItemBytes) {
      return skipped(`${match.format}:#1`, 'Conversation 1', tooLargeConversation(maxItemBytes));
    }
    let document: unknown;
    try {
      document = JSON.parse((await readFile(filePath, 'utf8')).replace(/^\uFEFF/, ''));
    } catch (error) {
      if (error instanceof SyntaxError) throw new CutOffError(match.format);
      return skipped(`${match.format}:#1`, 'Conversation 1', reasonOf(error));
    }
    if (!match.test(document)) {
      return skipped(`${match.format}:#1`, 'Conversation 1', 'Not a conversation this import reads.');
    }
    return match.read(document, 1, NO_ASSETS);
  });
}

const SHARD = /^conversations-(\d+)\.json$/;

/** The files of a zip any export is told by or read from; the rest are not listed. */
const EXPORT_FILES = new Set([
  'manifest.json',
  'conversations.json',
  'chat.html',
  'user.json',
  'users.json',
  'projects.json',
]);

const SHA256 = /^[0-9a-f]{64}$/;

function isExportFile(path: string): boolean {
  const parts = path.split('/');
  const last = parts[parts.length - 1] ?? '';
  // A backup's logbooks are `<jid>/<logid>.xml`, one folder further down when it was repacked.
  if (last.endsWith('.xml')) return parts.length <= 3;
  // A backup's files are `files/<sha256>`, likewise; a ChatGPT export's files are named by asset.
  if (SHA256.test(last)) return parts.length <= 3 && parts[parts.length - 2] === 'files';
  if (isAssetFile(last)) return parts.length <= 3;
  return parts.length <= 2 && (EXPORT_FILES.has(last) || SHARD.test(last));
}

async function openZip(filePath: string, options: OpenOptions): Promise<ExportReader> {
  const { maxItemBytes = MAX_CONVERSATION_BYTES, maxZipEntries } = options;
  let zip: ZipFile;
  try {
    zip = await ZipFile.open(filePath, { keep: isExportFile, maxEntries: maxZipEntries });
  } catch (error) {
    if (error instanceof UnknownFormatError) throw unknown(error.message);
    throw unknown('The zip could not be read.');
  }
  try {
    const manifestPath = zip.find('manifest.json');
    if (manifestPath !== undefined) {
      const opened = zip;
      const manifest = await jsonShape(sniffStream(() => opened.stream(manifestPath)));
      if (isRecord(manifest) && manifest.format === 'caravanserai-backup') {
        if (await smallJsonIsBroken(() => opened.stream(manifestPath), 'document'))
          throw new CutOffError('caravanserai-backup');
        const folder = manifestPath.slice(0, -'manifest.json'.length);
        return backupReader(zip, manifestPath, folder, maxItemBytes, options.parseLog);
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

    let match: ArrayFormat | undefined;
    let empty = 0;
    for (const path of paths) {
      const found = await arrayFormat(() => zip.stream(path));
      if (found === 'empty') empty++;
      else if (found !== undefined) {
        match = found;
        break;
      }
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
    if (match === undefined && empty === paths.length) throw new NoConversationsError();
    if (match === undefined || (match.format !== 'chatgpt' && match.format !== 'claude')) {
      throw unknown('Its conversations file is not a ChatGPT or Claude export.');
    }
    const opened = zip;
    for (const path of paths) {
      if (await smallJsonIsBroken(() => opened.stream(path), 'list')) throw new CutOffError(match.format);
    }
    return arrayReader({
      format: match.format,
      files: paths.map((path) => () => opened.stream(path)),
      read: match.read,
      assets: zipAssets(opened),
      close: () => opened.close(),
      maxItemBytes,
    });
  } catch (error) {
    zip.close();
    throw error;
  }
}

export interface OpenOptions {
  /** The name the file was uploaded under. */
  fileName?: string;
  /** The most one conversation or logbook may take; past it, it is skipped with a reason. */
  maxItemBytes?: number;
  /** How many entries a zip may have before it is refused. */
  maxZipEntries?: number;
  /** How a logbook's XML is parsed (our XML file and backup): by default on the calling thread. */
  parseLog?: ParseLog;
}

/**
 * Opens an export file and says what it is, from its content alone (never its name). `fileName`,
 * the name it was uploaded under, only names a single logbook's file (`<logid>.xml`) so a re-import
 * finds the logbook it made before. Throws UnknownFormatError for anything it cannot read.
 *
 * Only the file's first bytes (a zip's listing and its files' first bytes) are read here, so the
 * answer is quick whatever the file's size; the file is read through, and each conversation checked
 * and bounded, only when the reader's items are read.
 */
export async function openExport(filePath: string, options: OpenOptions = {}): Promise<ExportReader> {
  const head = await readHead(filePath, 4096);
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) {
    return openZip(filePath, options);
  }
  switch (firstChar(head)) {
    case '[': {
      const match = await arrayFormat(() => createReadStream(filePath));
      if (match === 'empty') throw new NoConversationsError();
      if (match === undefined) throw unknown();
      if (await smallJsonIsBroken(() => createReadStream(filePath), 'list'))
        throw new CutOffError(match.format);
      return arrayReader({
        format: match.format,
        files: [async () => createReadStream(filePath)],
        read: match.read,
        maxItemBytes: options.maxItemBytes,
      });
    }
    case '{':
      return openObjectFile(filePath, options);
    case '<': {
      if (!looksLikeLog(head.toString('utf8'))) throw unknown();
      return caravanseraiXmlReader(filePath, options.fileName, options.maxItemBytes, options.parseLog);
    }
    default:
      throw unknown();
  }
}
