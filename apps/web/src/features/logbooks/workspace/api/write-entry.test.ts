import type { TagSubmit, TagSubmitResult } from '@caravanserai/api';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { writeEntryMutationOptions } from './write-entry';

const server = vi.hoisted(() => ({
  answers: [] as { body: unknown; resolve: (result: TagSubmitResult) => void }[],
}));

vi.mock('../../../../lib/api', () => ({
  api: {
    tags: {
      submit: (body: unknown) =>
        new Promise<TagSubmitResult>((resolve) => {
          server.answers.push({ body, resolve });
        }),
    },
  },
}));

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

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

    server.answers[0]?.resolve({ modified_status: true, index: 1, version: 5 });
    await first;
    await tick();
    expect(server.answers[1]?.body).toMatchObject({ content: 'Two', version: 5 });
    server.answers[1]?.resolve({ modified_status: true, index: 1, version: 6 });
    await second;
    expect(landed).toEqual([5, 6]);
  });

  it('does not hold up the writes of another logbook', async () => {
    server.answers.length = 0;
    const queryClient = new QueryClient();
    const body = (logid: string) => (): TagSubmit => ({ logid, tag: 'comment', content: 'Note' });
    void new MutationObserver(queryClient, writeEntryMutationOptions('log1')).mutate({ body: body('log1') });
    void new MutationObserver(queryClient, writeEntryMutationOptions('log2')).mutate({ body: body('log2') });
    await tick();
    expect(server.answers.map((answer) => (answer.body as TagSubmit).logid)).toEqual(['log1', 'log2']);
  });
});
