import type { Readable } from 'node:stream';
import type { ImportFormat } from '@caravanserai/api';
import { type ExportReader, megabytes, type ReadItem } from './conversation.js';
import { CutOffError } from './cut-off.js';
import { reasonOf, skipped } from './entry-list.js';
import { type Assets, NO_ASSETS } from './export-assets.js';
import { JsonSyntaxError, jsonChildren, MAX_ITEM_BYTES, OVERSIZED } from './json-values.js';

/** Why a conversation past the bound is skipped. */
export function tooLargeConversation(maxBytes: number): string {
  return `The conversation is larger than ${megabytes(maxBytes)}, more than an import takes.`;
}

/** Turns one array element (1-based position in the export) into a conversation or a skip. */
/** Reads one conversation; `assets` are the files the export holds for its messages. */
export type ReadElement = (raw: unknown, index: number, assets: Assets) => ReadItem;

const SOURCE_PREFIX: Record<ImportFormat, string> = {
  chatgpt: 'chatgpt',
  claude: 'claude',
  'open-webui': 'open-webui',
  librechat: 'librechat',
  'caravanserai-xml': 'caravanserai',
  'caravanserai-json': 'caravanserai',
  'caravanserai-backup': 'caravanserai',
};

/**
 * A reader over one or more JSON files each holding an array of conversations (a whole export, or
 * its shards in order), streamed element by element. A broken element is skipped with its reason;
 * JSON that is cut off or broken throws CutOffError once everything before the break is yielded;
 * a file that cannot be read on ends the reading with one skip saying where.
 */
export function arrayReader(opts: {
  format: ImportFormat;
  /** Opens each file in turn; called only when the previous one is done. */
  files: readonly (() => Promise<Readable>)[];
  read: ReadElement;
  /** The files the export holds beside its conversations (a zip's); none by default. */
  assets?: Assets;
  close?: () => void;
  /** Past this one conversation is skipped, not read. */
  maxItemBytes?: number;
}): ExportReader {
  const { format, files, read, maxItemBytes = MAX_ITEM_BYTES, assets = NO_ASSETS } = opts;
  let closed = false;
  const open = new Set<Readable>();
  return {
    format,
    async *items() {
      let index = 0;
      for (const [f, openFile] of files.entries()) {
        if (closed) return;
        let stream: Readable | undefined;
        try {
          stream = await openFile();
          open.add(stream);
          for await (const { key, value } of jsonChildren(stream, maxItemBytes)) {
            if (closed) return;
            if (typeof key !== 'number') {
              yield skipped(
                `${SOURCE_PREFIX[format]}:file-${f + 1}`,
                'Export file',
                'Not a list of conversations.',
              );
              break;
            }
            index++;
            if (value === OVERSIZED) {
              yield skipped(
                `${SOURCE_PREFIX[format]}:#${index}`,
                `Conversation ${index}`,
                tooLargeConversation(maxItemBytes),
              );
              continue;
            }
            let item: ReadItem;
            try {
              item = read(value, index, assets);
            } catch (error) {
              item = skipped(`${SOURCE_PREFIX[format]}:#${index}`, `Conversation ${index}`, reasonOf(error));
            }
            yield item;
          }
        } catch (error) {
          if (closed) return;
          // Broken JSON ends the whole import, said as such; a file that cannot be read on (a
          // damaged zip) keeps what came before and says where it broke.
          if (error instanceof JsonSyntaxError) throw new CutOffError(format);
          const where = index === 0 ? 'at its start' : `after conversation ${index}`;
          yield skipped(
            `${SOURCE_PREFIX[format]}:file-${f + 1}`,
            'Rest of the export',
            `The export breaks off ${where}, so what follows could not be read. ${reasonOf(error)}`,
          );
          return;
        } finally {
          if (stream !== undefined) {
            open.delete(stream);
            stream.destroy();
          }
        }
      }
    },
    async close() {
      closed = true;
      for (const stream of open) stream.destroy();
      open.clear();
      opts.close?.();
    },
  };
}

/** A reader over a file that is one conversation (or one logbook), read when asked for. */
export function singleReader(format: ImportFormat, read: () => ReadItem | Promise<ReadItem>): ExportReader {
  return {
    format,
    async *items() {
      try {
        yield await read();
      } catch (error) {
        if (error instanceof CutOffError) throw error;
        yield skipped(`${SOURCE_PREFIX[format]}:#1`, 'Conversation 1', reasonOf(error));
      }
    },
    async close() {},
  };
}
