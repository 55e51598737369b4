import type { ApiClient } from './client.js';
import { seg } from './path-segment.js';
import { ImportJob, ImportStarted, type SearchQuery, SearchResults } from './schemas/own-data.js';

/** What can be uploaded: a browser File or Blob, or bytes read by the CLI. */
export type Upload = Blob;

function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function uploadForm(file: Upload, filename: string, journal?: string): FormData {
  const form = new FormData();
  // The journal goes before the file: the server reads fields in order and streams the file.
  if (journal) form.append('journal', journal);
  form.append('file', file, filename);
  return form;
}

/** Import, search and backup calls of the client (schemas/own-data.ts says what each answers). */
export function ownDataCalls(client: ApiClient) {
  return {
    /** Starts importing an export file into `journal` (or a new journal named after the source). */
    importFile: (file: Upload, filename: string, journal?: string) =>
      client.request(ImportStarted, 'POST', '/import/', { body: uploadForm(file, filename, journal) }),
    importJob: (jobId: string) => client.request(ImportJob, 'GET', `/import/${seg(jobId)}/`),
    search: (query: SearchQuery) => client.request(SearchResults, 'GET', `/search/${queryString(query)}`),
    /** Everything the user owns as one zip (manifest.json plus one XML per logbook). */
    exportBackup: async (): Promise<Blob> => {
      const response = await client.raw('GET', '/export/', { headers: { Accept: 'application/zip' } });
      return response.blob();
    },
    /** Restores a backup zip into the signed-in account: answers an import job. */
    restore: (file: Upload, filename = 'backup.zip') =>
      client.request(ImportStarted, 'POST', '/export/restore/', { body: uploadForm(file, filename) }),
  };
}
