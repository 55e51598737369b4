import type { Logbook } from '@caravanserai/api';
import { type Entry, serializeLog, toJson, toMarkdown } from '@caravanserai/logbook';

export type ExportFormat = 'xml' | 'md' | 'json';

const TYPES: Record<ExportFormat, string> = {
  xml: 'application/xml',
  md: 'text/markdown',
  json: 'application/json',
};

/** The file for one format, built here from the entries on screen (no export call). */
export function buildExport(
  format: ExportFormat,
  logbook: Logbook,
  entries: readonly Entry[],
  head: string | null,
): { name: string; content: string; type: string } {
  const meta = {
    title: logbook.title,
    description: logbook.description,
    owner: logbook.owner.username,
    head,
    // Links that work from the saved file too: the address this page was loaded from.
    files: logbook.files.map((file) => ({ ...file, url: new URL(file.url, document.baseURI).href })),
  };
  const content =
    format === 'xml'
      ? serializeLog(entries)
      : format === 'md'
        ? toMarkdown(entries, meta)
        : toJson(entries, meta);
  return { name: `${logbook.logid}.${format}`, content, type: TYPES[format] };
}
