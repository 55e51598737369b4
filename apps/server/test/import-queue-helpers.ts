import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ApiClient, type ImportJob, ImportStarted, pathOf, routes } from '@caravanserai/api';
import { PASSWORD, TEST_POSTGRES_URL, type TestDb } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { ImportJobRow } from '../src/modules/imports/import-jobs.repository.js';

/** The queue's times in tests: a lease runs out in three seconds, the queue is looked at ten times a second. */
export const FAST_QUEUE = { leaseMs: 3000, renewMs: 300, pollMs: 100 };

/** A server process on the test's database with a fast queue (test/fixtures/import-queue-process.ts). */
export const QUEUE_PROCESS = join(import.meta.dirname, 'fixtures', 'import-queue-process.ts');
export const QUEUE_PROCESS_LISTENING = /listening at (http:\/\/127\.0\.0\.1:\d+)/;
/** The real server's entry. */
export const SERVER = join(import.meta.dirname, '..', 'src', 'server.ts');
export const SERVER_LISTENING = /Caravanserai is running at (http:\/\/127\.0\.0\.1:\d+)/;

export interface Started {
  child: ChildProcess;
  /** Its origin, once it listens. */
  origin: Promise<string>;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

/** Runs a server entry (from its sources) as a process of its own on the test's database. */
export function startProcess(entry: string, env: Record<string, string>, listening: RegExp): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const origin = new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const found = listening.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    void exited.then(() => reject(new Error(`the process ended before it listened:\n${output}`)));
    setTimeout(
      () => reject(new Error(`the process did not listen within a minute:\n${output}`)),
      60_000,
    ).unref();
  });
  return { child, origin, exited, output: () => output };
}

/** The settings that put a server process on the test's database. */
export async function databaseEnv(testDb: TestDb): Promise<Record<string, string>> {
  if (testDb.db.dialect === 'sqlite') return { DATA_DIR: testDb.dataDir };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(testDb.db.kysely);
  const schema = rows[0]!.schema;
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    DATA_DIR: testDb.dataDir,
    DATABASE_URL: url.toString(),
    PG_SCHEMA: schema,
    SECRET_KEY: 'test-secret-key-0123456789abcdef',
  };
}

let counter = 0;

/** A new user of the server at `baseUrl` (origin and API prefix), signed in. */
export async function signupAt(baseUrl: string, prefix: string) {
  const username = `${prefix}${process.pid}x${++counter}`;
  const { key } = await new ApiClient({ baseUrl }).auth.register({
    username,
    email: `${username}@example.com`,
    password1: PASSWORD,
    password2: PASSWORD,
  });
  const client = new ApiClient({ baseUrl, token: key });
  return { client, token: key, pk: (await client.auth.user()).pk };
}

/** Uploads an export (or, to `path`, a backup) to the server at `baseUrl`: the accepted job's id. */
export async function uploadAt(
  baseUrl: string,
  token: string,
  bytes: Uint8Array,
  { filename = 'conversations.json', path = pathOf(routes.imports.start) } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(202);
  return ImportStarted.parse(await response.json()).job_id;
}

/** Waits for `check` to give a value, trying every 10 ms for up to `ms`. */
export async function until<T>(check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Asks for the job until it has ended. */
export function ended(client: ApiClient, jobId: string, ms = 60_000): Promise<ImportJob> {
  return until(async () => {
    const job = await client.imports.get(jobId);
    return job.status === 'running' ? undefined : job;
  }, ms);
}

/** The job as its owner reads it, without what differs between two runs of one file (ids). */
export function outcomeOf(job: ImportJob) {
  return {
    status: job.status,
    format: job.format,
    total: job.total,
    done: job.done,
    duplicates: job.duplicates,
    updated: job.updated,
    imported: job.imported.map(({ title, source_id }) => ({ title, source_id })),
    skipped: job.skipped,
  };
}

/** Each of the user's logbooks: its source and how many entries it holds, by source. */
export async function logbooksOf(testDb: TestDb, userId: number) {
  const rows = await testDb.db.kysely
    .selectFrom('logbooks')
    .select(['source_id', 'entry_count', 'jid'])
    .where('owner_id', '=', userId)
    .orderBy('source_id')
    .execute();
  return rows;
}

/** A server in the test process on the test's database, with a fast queue: it takes over what a child left. */
export async function takerOn(testDb: TestDb): Promise<{ app: App; baseUrl: string }> {
  const config = {
    ...loadConfig({ DATA_DIR: testDb.dataDir, SECRET_KEY: 'test-secret-key-0123456789abcdef' }),
    importQueueTimings: FAST_QUEUE,
  };
  const app = await buildApp({ config, db: testDb.db });
  return { app, baseUrl: `${await app.listen({ port: 0, host: '127.0.0.1' })}${config.apiPrefix}` };
}

/** An import job row as a server process writes it; running, with a fresh heartbeat, by default. */
export function jobRow(job_id: string, user_id: number, fields: Partial<ImportJobRow> = {}): ImportJobRow {
  const at = Date.now();
  return {
    job_id,
    user_id,
    status: 'running',
    format: 'chatgpt',
    total: 0,
    done: 0,
    duplicates: 0,
    updated: 0,
    imported_count: 0,
    skipped_count: 0,
    detail: null,
    created_at: at,
    heartbeat_at: at,
    finished_at: null,
    // Run in its own process, as an older release runs imports: no upload in the queue.
    upload_name: null,
    upload_size: null,
    journal: null,
    restore: 0,
    made_journals: null,
    claimed_by: null,
    lease_until: null,
    attempts: 0,
    ...fields,
  };
}

export const jobRowIn = (testDb: TestDb, jobId: string) =>
  testDb.db.kysely
    .selectFrom('import_jobs')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();

/**
 * Kills the child (`kill -9`) once it has stored conversations past the progress it last wrote
 * down, and checks that it left the job running, held by it: what it had not recorded is then
 * only in the logbooks (and the marks beside them).
 */
export async function killPastItsProgress(testDb: TestDb, started: Started, jobId: string, userId: number) {
  await until(async () => {
    const row = await jobRowIn(testDb, jobId);
    const stored = (await logbooksOf(testDb, userId)).length;
    return row.done >= 100 && stored > row.done ? true : undefined;
  });
  started.child.kill('SIGKILL');
  await started.exited;
  const left = await jobRowIn(testDb, jobId);
  expect(left.status).toBe('running');
  expect(left.claimed_by).not.toBeNull();
  expect((await logbooksOf(testDb, userId)).length).toBeGreaterThan(left.done);
  return left;
}

export interface Run {
  client: ApiClient;
  pk: number;
  jobId: string;
}

/**
 * The job ended as `reference`, a run of the same file never interrupted, ended: the same counts
 * and lists, each conversation's logbook once with as many entries, the same journals (so none
 * made twice), the job's lease let go and its upload gone.
 */
export async function expectEndedAs(testDb: TestDb, run: Run, reference: Run): Promise<ImportJob> {
  const job = await ended(run.client, run.jobId);
  const whole = await ended(reference.client, reference.jobId);
  expect(outcomeOf(job)).toEqual(outcomeOf(whole));
  expect(new Set(job.imported.map((i) => i.logid)).size).toBe(job.imported.length);
  const shape = async (pk: number) =>
    (await logbooksOf(testDb, pk)).map(({ source_id, entry_count }) => ({ source_id, entry_count }));
  expect(await shape(run.pk)).toEqual(await shape(reference.pk));
  const journals = async (client: ApiClient) =>
    (await client.journals.list()).map(({ title, instructions }) => ({ title, instructions }));
  expect(await journals(run.client)).toEqual(await journals(reference.client));
  expect(await jobRowIn(testDb, run.jobId)).toMatchObject({
    status: 'done',
    claimed_by: null,
    lease_until: null,
  });
  const chunks = await testDb.db.kysely
    .selectFrom('import_uploads')
    .select('seq')
    .where('job_id', '=', run.jobId)
    .execute();
  expect(chunks).toEqual([]);
  return job;
}
