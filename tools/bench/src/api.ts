import { ApiClient, type Well } from '@caravanserai/api';
import { type Entry, serializeLog } from '@caravanserai/logbook';
import { createFakeWell } from '@caravanserai/test-kit/factories';

/** The key the benchmark's wells hold, sent on to the fake provider. */
export const BENCH_KEY = 'sk-bench-000000000000';

export function sampleEntries(count: number): Entry[] {
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    const qid = `q${String(i).padStart(7, '0')}`;
    entries.push(
      i % 2 === 0
        ? { tag: 'query', attrs: { qid }, content: `Question ${i}: what does "<tag> & 'quote'" mean here?` }
        : {
            tag: 'gen',
            attrs: { qid },
            content: `Answer ${i}: it is escaped, so the document stays valid XML.`,
          },
    );
  }
  return entries;
}

export async function signUp(baseUrl: string): Promise<ApiClient> {
  const anon = new ApiClient({ baseUrl });
  const username = `bench${Date.now()}`;
  const password = 'bench-password-123';
  const { key } = await anon.auth.register({ username, password1: password, password2: password });
  return new ApiClient({ baseUrl, token: key });
}

/** A well of the bench user's that the fake provider answers, as the model `bench-model`. */
export function benchWell(api: ApiClient, fakeUrl: string, title: string): Promise<Well> {
  return createFakeWell(
    api,
    { url: fakeUrl },
    {
      title,
      AUTH_MODEL_KEY: BENCH_KEY,
      origin_loc: 'openai-compatible/bench-model',
    },
  );
}

export async function logbookWith(api: ApiClient, count: number, title: string): Promise<string> {
  const logbook = await api.logbooks.create({
    title,
    log: serializeLog(sampleEntries(count)),
    private: false,
  });
  return logbook.logid;
}

/** The request body limit of the server (5 MB), less room for the JSON around the log. */
export const MAX_BODY_BYTES_HINT = 5 * 1024 * 1024 - 64 * 1024;

/** The log with the most entries that still fits `maxBytes` once sent as JSON: one-word answers. */
export function bigLog(maxBytes: number): { log: string; entries: number } {
  const perEntry = JSON.stringify(serializeLog([{ tag: 'gen', attrs: {}, content: 'x' }])).length;
  const overhead = JSON.stringify(serializeLog([])).length;
  const entries = Math.floor((maxBytes - overhead) / (perEntry - overhead));
  const log = serializeLog(
    Array.from({ length: entries }, () => ({ tag: 'gen' as const, attrs: {}, content: 'x' })),
  );
  return { log, entries };
}
