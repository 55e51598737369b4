import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type ApiClient, ApiError, type ImportJob } from '@caravanserai/api';
import { safeText } from '@caravanserai/mapper';
import { connect } from './session.js';

const POLL_MS = 500;

const FORMAT_NAMES: Record<string, string> = {
  chatgpt: 'ChatGPT export',
  claude: 'Claude export',
  'open-webui': 'Open WebUI export',
  librechat: 'LibreChat export',
  'caravanserai-xml': 'logbook XML',
  'caravanserai-json': 'logbook JSON',
  'caravanserai-backup': 'Caravanserai backup',
};

/** What the server sent, as text safe to print: its words, never its control characters. */
const say = (text: string) => console.log(safeText(text));
const complain = (text: string) => console.error(safeText(text));

/**
 * `mapper import FILE`: uploads an export file (streamed from disk, never read whole), follows
 * the import job, and prints what became of each conversation. Exits 0 when the job ends done.
 */
export async function importExport(
  server: string,
  apiBase: string,
  file: string,
  options: { journal?: string } = {},
): Promise<number> {
  const { api, user } = await connect(server, apiBase);
  if (!user) {
    complain(`Not signed in to ${server}: run \`mapper login\` first.`);
    return 1;
  }
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
  } catch {
    complain(`${file} is not a file that can be read.`);
    return 1;
  }
  try {
    const blob = await openAsBlob(file);
    say(`Uploading ${basename(file)} (${Math.ceil(blob.size / 1024)} KB)…`);
    const { job_id } = await api.imports.start(blob, basename(file), options.journal);
    const job = await follow(api, job_id);
    printSummary(job);
    return job.status === 'done' ? 0 : 1;
  } catch (error) {
    complain(error instanceof ApiError ? `The server refused the import: ${error.message}` : String(error));
    return 1;
  }
}

async function follow(api: ApiClient, jobId: string): Promise<ImportJob> {
  let shown = -1;
  for (;;) {
    const job = await api.imports.get(jobId);
    if (job.status !== 'running') return job;
    if (job.done !== shown) {
      shown = job.done;
      say(`Importing: ${job.done} conversations so far…`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function printSummary(job: ImportJob): void {
  const source = job.format ? (FORMAT_NAMES[job.format] ?? job.format) : 'file';
  if (job.status === 'failed') complain(`The import stopped: ${job.detail ?? 'no reason was given.'}`);
  say(
    `${job.status === 'done' ? 'Imported' : 'Before it stopped'} from the ${source}: ${job.imported.length} new, ` +
      `${job.updated} updated, ${job.duplicates} already there, ${job.skipped.length} skipped.`,
  );
  for (const item of job.skipped) say(`  skipped "${item.title}" (${item.source_id}): ${item.reason}`);
}
