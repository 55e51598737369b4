import { createHash } from 'node:crypto';
import { BackupJournal, BackupLogbook } from '@caravanserai/api';
import { type Entry, fromJson, parseLog } from '@caravanserai/logbook';
import { singleReader } from './array-reader.js';
import type { ExportReader, SourceConversation } from './conversation.js';
import { isRecord, reasonOf, skipped, sourceId, str, titleFor } from './entry-list.js';
import type { ZipFile } from './zip-file.js';

/**
 * Our own files: a logbook's XML or JSON download, and the backup zip (`manifest.json` plus one
 * `<jid>/<logid>.xml` per logbook). Entries are kept exactly as they are, so export then restore
 * gives the same logs.
 */

/** A logbook's file is read whole, as the logbook is: past this it is refused. */
export const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;

const LOGID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The logbook's id when the file's name gives it (downloads are named `<logid>.xml`), else one
 * from the content, so importing the same file again finds the same logbook.
 */
function ownSourceId(text: string, fileName: string | undefined): string {
  const stem = fileName?.replace(/^.*[\\/]/, '').replace(/\.(xml|json)$/i, '');
  if (stem !== undefined && stem !== fileName && LOGID.test(stem)) return sourceId('caravanserai', stem);
  return sourceId('caravanserai', `sha256-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`);
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

export function caravanseraiXmlReader(text: string, fileName: string | undefined): ExportReader {
  const source_id = ownSourceId(text, fileName);
  return singleReader('caravanserai-xml', () => {
    try {
      return ownItem(source_id, undefined, parseLog(text));
    } catch (error) {
      return skipped(source_id, 'Logbook', reasonOf(error));
    }
  });
}

export function caravanseraiJsonReader(text: string, document: Record<string, unknown>, fileName?: string) {
  const source_id = ownSourceId(text, fileName);
  const title = str(document.title);
  const description = str(document.description);
  return singleReader('caravanserai-json', () => {
    try {
      const item = ownItem(source_id, title, fromJson(text));
      if (description !== undefined) item.conversation.logbook = { description };
      return item;
    } catch (error) {
      return skipped(source_id, titleFor(title, [], undefined), reasonOf(error));
    }
  });
}

export function isCaravanseraiJson(document: unknown): document is Record<string, unknown> {
  return isRecord(document) && document.format === 'caravanserai.logbook';
}

/** The backup: one conversation per logbook, in the manifest's order, each read when its turn comes. */
export function backupReader(zip: ZipFile, manifest: Record<string, unknown>, folder: string): ExportReader {
  return {
    format: 'caravanserai-backup',
    async *items() {
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
          const { description, private: isPrivate, salted, forked } = parsed.data;
          const path = folder + parsed.data.path;
          if (!zip.files.has(path)) {
            yield skipped(source_id, title, `The backup has no file ${path.slice(0, 200)} for this logbook.`);
            continue;
          }
          let entries: Entry[];
          try {
            entries = parseLog(await zip.text(path, MAX_DOCUMENT_BYTES));
          } catch (error) {
            yield skipped(source_id, title, reasonOf(error));
            continue;
          }
          const item = ownItem(source_id, parsed.data.title, entries);
          item.conversation.logbook = { description, private: isPrivate, salted, forked };
          item.conversation.journal = { source_jid: journal.data.jid, title: journal.data.title };
          yield item;
        }
      }
    },
    async close() {
      zip.close();
    },
  };
}
