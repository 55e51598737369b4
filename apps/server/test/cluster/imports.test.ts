import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient, ImportJob } from '@caravanserai/api';
import { eventually, useCluster } from '@caravanserai/test-kit';
import { writeChatGptExport } from '@caravanserai/test-kit/chatgpt-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Imports through the proxy (DESIGN 9 "Jobs"): the upload is kept in the database, so the job runs
 * on whichever replica claims it; a replica killed mid-import (kill -9) leaves its job to the other
 * once its lease runs out, and one stopped (SIGTERM) hands it back at once. Either way the job ends
 * as an uninterrupted import of the same file ends, and nothing is imported twice.
 */
const c = useCluster({ replicas: 2, users: ['steady', 'killed', 'stopped'] });

const CONVERSATIONS = 800;
let file: Uint8Array;

beforeAll(async () => {
  const path = join(tmpdir(), `cluster-import-${process.pid}.json`);
  await writeChatGptExport(path, CONVERSATIONS, { turns: 1, answerChars: 200 });
  file = await readFile(path);
  await rm(path, { force: true });
});

afterAll(async () => {
  // A replica stopped by a test is started again, for the cluster's own stop.
  for (const replica of c.cluster.replicas) if (!replica.process.running()) await replica.restart();
});

async function start(client: ApiClient): Promise<string> {
  const { job_id } = await client.imports.start(new Blob([file]), 'conversations.json');
  return job_id;
}

const ended = (client: ApiClient, jobId: string, timeoutMs: number) =>
  eventually(async () => {
    const job = await client.imports.get(jobId);
    return job.status === 'running' ? undefined : job;
  }, timeoutMs);

/** What a job ended with, whatever run did it: the counts and which conversations it imported. */
const outcome = (job: ImportJob) => ({
  status: job.status,
  total: job.total,
  done: job.done,
  duplicates: job.duplicates,
  updated: job.updated,
  imported: job.imported.map((item) => item.source_id).sort(),
  skipped: job.skipped.length,
});

/** The replica running the job once it has got some way into the file. */
async function replicaRunning(jobId: string) {
  const [row] = await eventually(async () => {
    const rows = await c.cluster.query<{ claimed_by: string | null; done: number }>(
      'select claimed_by, done from import_jobs where job_id = $1',
      [jobId],
    );
    return rows[0]?.claimed_by && rows[0].done > 0 ? rows : undefined;
  }, 30_000);
  const pid = Number(row!.claimed_by!.split(':')[1]);
  const replica = c.cluster.replicas.find((candidate) => candidate.pid === pid);
  if (!replica) throw new Error(`no replica has pid ${pid}`);
  return replica;
}

const logbookCount = async (pk: number) =>
  (
    await c.cluster.query<{ n: number }>('select count(*)::int as n from logbooks where owner_id = $1', [pk])
  )[0]!.n;

let uninterrupted: ReturnType<typeof outcome>;

describe('an import through the proxy', () => {
  it('runs on a replica from the upload kept in the database', async () => {
    const job = await ended(c.steady.client, await start(c.steady.client), 120_000);
    uninterrupted = outcome(job);
    expect(uninterrupted).toMatchObject({ status: 'done', total: CONVERSATIONS, done: CONVERSATIONS });
    expect(uninterrupted.imported).toHaveLength(CONVERSATIONS);
    expect(await logbookCount(c.steady.pk)).toBe(CONVERSATIONS);
  });

  it('survives kill -9 of its replica: the other takes it over and ends it as an uninterrupted run', async () => {
    const jobId = await start(c.killed.client);
    const running = await replicaRunning(jobId);
    await running.kill('SIGKILL');
    // The lease (30 s) runs out, and the other replica's worker takes the job within a minute.
    const job = await ended(c.killed.client, jobId, 120_000);
    expect(outcome(job)).toEqual(uninterrupted);
    expect(await logbookCount(c.killed.pk)).toBe(CONVERSATIONS);
    await running.restart();
  });

  it('is handed back by a replica stopped with SIGTERM, and the other finishes it', async () => {
    const jobId = await start(c.stopped.client);
    const running = await replicaRunning(jobId);
    expect(await running.kill('SIGTERM')).toBe(0);
    const job = await ended(c.stopped.client, jobId, 60_000);
    expect(outcome(job)).toEqual(uninterrupted);
    expect(await logbookCount(c.stopped.pk)).toBe(CONVERSATIONS);
    const left = await c.cluster.query<{ n: number }>('select count(*)::int as n from import_uploads');
    expect(left[0]!.n).toBe(0);
    await running.restart();
  });
});
