// @vitest-environment jsdom
import type { TagSubmit, TagSubmitResult } from '@caravanserai/api';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeEntryMutationOptions } from './write-entry';

/** The server's side of the wire: each request waits until the test answers it. */
const server = {
  answers: [] as { url: string; body: unknown; resolve: (result: TagSubmitResult) => void }[],
};

beforeEach(() => {
  server.answers.length = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    return new Promise<Response>((resolve) => {
      server.answers.push({
        url: String(input),
        body: JSON.parse(String(init.body)),
        resolve: (result) =>
          resolve(new Response(JSON.stringify(result), { headers: { 'content-type': 'application/json' } })),
      });
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** Lets the client's promise chain reach the wire. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('writeEntryMutationOptions', () => {
  it("runs one logbook's writes one after another, each body read once the write before has landed", async () => {
    const queryClient = new QueryClient();
    const write = () => new MutationObserver(queryClient, writeEntryMutationOptions('log1'));
    let known = 4;
    const landed: number[] = [];
    const body = (content: string) => (): TagSubmit => ({
      logid: 'log1',
      tag: 'query',
      index: 1,
      content,
      version: known,
    });
    const onStored = ({ version }: TagSubmitResult) => {
      known = version;
      landed.push(version);
    };

    const first = write().mutate({ body: body('One'), onStored });
    const second = write().mutate({ body: body('Two'), onStored });
    await tick();
    expect(server.answers.map((answer) => answer.body)).toEqual([
      { logid: 'log1', tag: 'query', index: 1, content: 'One', version: 4 },
    ]);
    expect(server.answers[0]?.url).toMatch(/\/journals\/tag\/submit\/$/);

    server.answers[0]?.resolve({ modified_status: true, index: 1, version: 5 });
    await first;
    await tick();
    expect(server.answers[1]?.body).toMatchObject({ content: 'Two', version: 5 });
    server.answers[1]?.resolve({ modified_status: true, index: 1, version: 6 });
    await second;
    expect(landed).toEqual([5, 6]);
  });

  it('does not hold up the writes of another logbook', async () => {
    const queryClient = new QueryClient();
    const body = (logid: string) => (): TagSubmit => ({ logid, tag: 'comment', content: 'Note' });
    void new MutationObserver(queryClient, writeEntryMutationOptions('log1')).mutate({ body: body('log1') });
    void new MutationObserver(queryClient, writeEntryMutationOptions('log2')).mutate({ body: body('log2') });
    await tick();
    expect(server.answers.map((answer) => (answer.body as TagSubmit).logid)).toEqual(['log1', 'log2']);
  });
});
