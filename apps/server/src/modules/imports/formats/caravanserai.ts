import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { BackupAccount, BackupFile, BackupJournal, BackupLogbook, Instructions } from '@caravanserai/api';
import { type Entry, filesOf, fromJson, parseLog } from '@caravanserai/logbook';
import {
  type ExportReader,
  MAX_CONVERSATION_BYTES,
  megabytes,
  type ParseLog,
  type ReadItem,
  type SourceConversation,
  type SourceFile,
} from './conversation.js';
import { CutOffError } from './cut-off.js';
import { isRecord, reasonOf, skipped, sourceId, str, titleFor } from './entry-list.js';
import { TooLargeError, type ZipFile } from './zip-file.js';

/**
 * Our own files: a logbook's XML or JSON download, and the backup zip (`manifest.json` plus one
 * `<jid>/<logid>.xml` per logbook). Entries are kept exactly as they are, so export then restore
 * gives the same logs.
 */

/** A logbook's file is read whole, as the logbook is: past this it is skipped, never read. */
export const MAX_DOCUMENT_BYTES = MAX_CONVERSATION_BYTES;

/** Parses on the calling thread: for tests and small files. */
export const parseLogInPlace: ParseLog = async (xml) => parseLog(xml);

/** Why a logbook past the bound is skipped. */
export function tooLargeLogbook(maxBytes = MAX_DOCUMENT_BYTES): string {
  return `The logbook is larger than ${megabytes(maxBytes)}, more than an import takes.`;
}

/** Why a logbook could not be read: its size said plainly, anything else as the reader's words. */
function logbookProblem(error: unknown, maxBytes: number): string {
  return error instanceof TooLargeError ? tooLargeLogbook(maxBytes) : reasonOf(error);
}

/** A single logbook's file, whole, when it is within the bound. */
async function readLogbookFile(filePath: string, maxBytes: number): Promise<string> {
  const { size } = await stat(filePath);
  if (size > maxBytes) throw new TooLargeError(tooLargeLogbook(maxBytes));
  return (await readFile(filePath, 'utf8')).replace(/^\uFEFF/, '');
}

const LOGID = /^[A-Za-z0-9_-]{1,64}$/;

/** The logbook's id when the file's name gives it (downloads are named `<logid>.xml`). */
function nameSourceId(fileName: string | undefined): string | undefined {
  const stem = fileName?.replace(/^.*[\\/]/, '').replace(/\.(xml|json)$/i, '');
  return stem !== undefined && stem !== fileName && LOGID.test(stem)
    ? sourceId('caravanserai', stem)
    : undefined;
}

/**
 * The logbook's id from the file's name when it gives one, else one from the content, so importing
 * the same file again finds the same logbook.
 */
function ownSourceId(text: string, fileName: string | undefined): string {
  return (
    nameSourceId(fileName) ??
    sourceId('caravanserai', `sha256-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`)
  );
}

/**
 * A logbook as it was: even an empty one is a logbook to restore, and its title is kept exactly
 * (only a blank one is given a title).
 */
function ownItem(
  source_id: string,
  title: string | undefined,
  entries: Entry[],
): { conversation: SourceConversation } {
  const kept = title !== undefined && title.trim() !== '' ? title : titleFor(undefined, entries, undefined);
  return { conversation: { source_id, title: kept, entries } };
}

/**
 * A single logbook's file, told by its first bytes; read and parsed only when its items are read
 * (in the import job, not while the upload is answered).
 */
function ownFileReader(
  format: 'caravanserai-xml' | 'caravanserai-json',
  filePath: string,
  fileName: string | undefined,
  read: (text: string, source_id: string) => ReadItem | Promise<ReadItem>,
  maxBytes: number,
): ExportReader {
  return {
    format,
    async *items() {
      let text: string;
      try {
        text = await readLogbookFile(filePath, maxBytes);
      } catch (error) {
        yield skipped(
          nameSourceId(fileName) ?? 'caravanserai:#1',
          'Logbook',
          logbookProblem(error, maxBytes),
        );
        return;
      }
      const source_id = ownSourceId(text, fileName);
      try {
        yield await read(text, source_id);
      } catch (error) {
        if (error instanceof CutOffError) throw error;
        yield skipped(source_id, 'Logbook', reasonOf(error));
      }
    },
    async close() {},
  };
}

export function caravanseraiXmlReader(
  filePath: string,
  fileName: string | undefined,
  maxBytes = MAX_DOCUMENT_BYTES,
  parse: ParseLog = parseLogInPlace,
): ExportReader {
  return ownFileReader(
    'caravanserai-xml',
    filePath,
    fileName,
    async (text, source_id) => ownItem(source_id, undefined, await parse(text)),
    maxBytes,
  );
}

export function caravanseraiJsonReader(
  filePath: string,
  fileName: string | undefined,
  maxBytes = MAX_DOCUMENT_BYTES,
): ExportReader {
  const read = (text: string, source_id: string): ReadItem => {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw new CutOffError('caravanserai-json');
    }
    const title = isRecord(document) ? str(document.title) : undefined;
    const description = isRecord(document) ? str(document.description) : undefined;
    let entries: Entry[];
    try {
      entries = fromJson(text);
    } catch (error) {
      return skipped(source_id, titleFor(title, [], undefined), reasonOf(error));
    }
    const item = ownItem(source_id, title, entries);
    if (description !== undefined) item.conversation.logbook = { description };
    const head = isRecord(document) ? str(document.head) : undefined;
    if (head !== undefined) item.conversation.head = head;
    return item;
  };
  return ownFileReader('caravanserai-json', filePath, fileName, read, maxBytes);
}

/** The files a backup's manifest lists and its zip holds, by the id its entries name them by. */
function backupFiles(listed: unknown, zip: ZipFile, folder: string): Map<string, SourceFile> {
  const files = new Map<string, SourceFile>();
  for (const raw of Array.isArray(listed) ? listed : []) {
    const parsed = BackupFile.safeParse(raw);
    if (!parsed.success) continue;
    const { file_id, name, path } = parsed.data;
    const inZip = folder + path;
    if (!zip.files.has(inZip)) continue;
    files.set(file_id, { ref: file_id, name, read: (maxBytes) => zip.bytes(inZip, maxBytes) });
  }
  return files;
}

/** Instructions as a backup gives them, or none when they could not have been written here. */
function instructionsOf(value: string): string {
  const parsed = Instructions.safeParse(value);
  return parsed.success ? parsed.data : '';
}

/** The owner's settings a manifest carries, when it carries them whole and valid. */
function accountOf(manifest: Record<string, unknown>): BackupAccount | undefined {
  const parsed = BackupAccount.safeParse(manifest.account);
  if (!parsed.success) return undefined;
  return { ...parsed.data, instructions: instructionsOf(parsed.data.instructions) };
}

export function isCaravanseraiJson(document: unknown): document is Record<string, unknown> {
  return isRecord(document) && document.format === 'caravanserai.logbook';
}

/**
 * The backup: one conversation per logbook, in the manifest's order, each read when its turn comes.
 * The manifest itself is read then too, not while the upload is answered.
 */
export function backupReader(
  zip: ZipFile,
  manifestPath: string,
  folder: string,
  maxBytes = MAX_DOCUMENT_BYTES,
  parse: ParseLog = parseLogInPlace,
): ExportReader {
  let account: BackupAccount | undefined;
  return {
    format: 'caravanserai-backup',
    account: () => account,
    async *items() {
      let manifest: unknown;
      try {
        manifest = JSON.parse(await zip.text(manifestPath, maxBytes));
      } catch (error) {
        if (error instanceof SyntaxError) throw new CutOffError('caravanserai-backup');
        const why =
          error instanceof TooLargeError ? `It is larger than ${megabytes(maxBytes)}.` : reasonOf(error);
        yield skipped('caravanserai:manifest', 'Backup', `The backup's manifest could not be read. ${why}`);
        return;
      }
      if (!isRecord(manifest)) {
        yield skipped('caravanserai:manifest', 'Backup', "The backup's manifest is not valid.");
        return;
      }
      account = accountOf(manifest);
      const files = backupFiles(manifest.files, zip, folder);
      const journals = Array.isArray(manifest.journals) ? manifest.journals : [];
      for (const [j, rawJournal] of journals.entries()) {
        const journal = BackupJournal.omit({ logbooks: true }).safeParse(rawJournal);
        const logbooks =
          isRecord(rawJournal) && Array.isArray(rawJournal.logbooks) ? rawJournal.logbooks : [];
        for (const [l, rawLogbook] of logbooks.entries()) {
          const parsed = BackupLogbook.safeParse(rawLogbook);
          const logid = isRecord(rawLogbook) ? str(rawLogbook.logid) : undefined;
          const source_id = sourceId('caravanserai', logid ?? `#${j + 1}.${l + 1}`);
          const title = (isRecord(rawLogbook) ? str(rawLogbook.title) : undefined) || 'Logbook';
          if (!journal.success) {
            yield skipped(source_id, title, `The manifest's journal ${j + 1} is not valid.`);
            continue;
          }
          if (!parsed.success) {
            yield skipped(source_id, title, "The manifest's entry for this logbook is not valid.");
            continue;
          }
          const { description, private: isPrivate, salted, forked, memory, settings } = parsed.data;
          const path = folder + parsed.data.path;
          if (!zip.files.has(path)) {
            yield skipped(source_id, title, `The backup has no file ${path.slice(0, 200)} for this logbook.`);
            continue;
          }
          let entries: Entry[];
          try {
            entries = await parse(await zip.text(path, maxBytes));
          } catch (error) {
            yield skipped(source_id, title, logbookProblem(error, maxBytes));
            continue;
          }
          const item = ownItem(source_id, parsed.data.title, entries);
          item.conversation.logbook = { description, private: isPrivate, salted, forked, memory, settings };
          if (parsed.data.head) item.conversation.head = parsed.data.head;
          const { jid: source_jid, title: journalTitle, instructions } = journal.data;
          item.conversation.journal = { source_jid, title: journalTitle };
          if (instructions) item.conversation.journal.instructions = instructionsOf(instructions);
          const carried = [...new Set(entries.flatMap(filesOf))].flatMap((id) => files.get(id) ?? []);
          if (carried.length > 0) item.conversation.files = carried;
          yield item;
        }
      }
    },
    async close() {
      zip.close();
    },
  };
}
