import { IMPORT_FORMATS, type ImportFormat, type ImportJob } from '@caravanserai/api';
import type { ImportJobItem, ImportJobRow } from './import-jobs.repository.js';

const FORMATS: ReadonlySet<string> = new Set(IMPORT_FORMATS);

/** A job as the API shows it; `items` are its listed conversations, none while it runs. */
export function toImportJob(row: ImportJobRow, items: readonly ImportJobItem[]): ImportJob {
  const job: ImportJob = {
    job_id: row.job_id,
    status: row.status,
    format: row.format !== null && FORMATS.has(row.format) ? (row.format as ImportFormat) : null,
    total: row.total,
    done: row.done,
    imported: [],
    skipped: [],
    duplicates: row.duplicates,
    updated: row.updated,
  };
  for (const item of items) {
    if (item.kind === 'imported' && item.logid !== null)
      job.imported.push({ logid: item.logid, title: item.title, source_id: item.source_id });
    else if (item.kind === 'skipped')
      job.skipped.push({ source_id: item.source_id, title: item.title, reason: item.reason ?? '' });
  }
  if (row.status === 'failed' && row.detail) job.detail = row.detail;
  return job;
}
