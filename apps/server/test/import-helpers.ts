import { type ImportJob, ImportStarted, pathOf, routes } from '@caravanserai/api';
import type { SignedIn, TestServer } from '@caravanserai/test-kit';
import { expect } from 'vitest';

/** Sends `content` as the multipart upload a browser or the CLI sends. */
export function upload(
  server: TestServer,
  user: SignedIn,
  content: string | Uint8Array,
  {
    filename = 'export.json',
    journal,
    path = pathOf(routes.imports.start),
  }: { filename?: string; journal?: string; path?: string } = {},
): Promise<Response> {
  const form = new FormData();
  if (journal !== undefined) form.append('journal', journal);
  form.append('file', new Blob([content]), filename);
  return server.http(path, { method: 'POST', token: user.token, body: form });
}

/** Polls the job until it ends. */
export async function waitForJob(user: SignedIn, jobId: string): Promise<ImportJob> {
  for (let attempt = 0; attempt < 2400; attempt++) {
    const job = await user.client.imports.get(jobId);
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${jobId} did not end`);
}

/** Uploads and waits: the ended job. */
export async function importFile(
  server: TestServer,
  user: SignedIn,
  content: string | Uint8Array,
  options: Parameters<typeof upload>[3] = {},
): Promise<ImportJob> {
  const response = await upload(server, user, content, options);
  expect(response.status, await response.clone().text()).toBe(202);
  const { job_id } = ImportStarted.parse(await response.json());
  return waitForJob(user, job_id);
}

/** A ChatGPT conversation: a chain of question and answer pairs, ids `<id>-q<n>` and `<id>-a<n>`. */
export function chatgpt(id: string, turns: [string, string][], title: string | null = `Chat ${id}`) {
  const mapping: Record<string, unknown> = {
    root: { id: 'root', message: null, parent: null, children: [] },
  };
  let last = 'root';
  turns.forEach(([question, answer], n) => {
    for (const [role, key, text] of [
      ['user', `${id}-q${n}`, question],
      ['assistant', `${id}-a${n}`, answer],
    ] as const) {
      mapping[key] = {
        id: key,
        parent: last,
        children: [],
        message: {
          id: key,
          author: { role, name: null, metadata: {} },
          create_time: 1_700_000_000 + n,
          content: { content_type: 'text', parts: [text] },
          metadata: {},
          recipient: 'all',
        },
      };
      (mapping[last] as { children: string[] }).children.push(key);
      last = key;
    }
  });
  return { title, create_time: 1_700_000_000, mapping, current_node: last, conversation_id: id, id };
}

/** A ChatGPT export file (`conversations.json`) of these conversations. */
export const json = (conversations: unknown[]) => JSON.stringify(conversations);
