import type { EntriesPage, EntriesQuery, LogbookOverview } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { logbookKeys } from '../../api/logbook-keys';
import { fakeServer, logbookOf, sessionOn, settle } from './fake-session';
import { eventStream } from './fake-streams';
import { useLogbookSession, useSessionState } from './use-logbook-session';

// The server the page talks to, as far as opening a logbook goes: its pages and its version
// marker, which stays at the version the page opened at (no news from elsewhere).
const remote = vi.hoisted(() => ({
  server: null as null | { page(query?: EntriesQuery): EntriesPage },
  marker: 0,
  reads: [] as EntriesQuery[],
}));

vi.mock('../../../../lib/api', () => ({
  api: {
    logbooks: {
      entries: async (_logid: string, query: EntriesQuery) => {
        remote.reads.push(query);
        return remote.server!.page(query);
      },
      version: async (logid: string) => ({
        logid,
        version: remote.marker,
        entry_count: 0,
        modified: '2024-01-01T00:00:00Z',
      }),
      // The stream of changes opens and tells nothing: the page goes on with its marker.
      listen: () => new Promise(() => undefined),
    },
  },
}));

const stored = [e('context', 'Be brief.'), e('query', 'Why?', { qid: 'q1' })];

describe('useSessionState', () => {
  it('renders with the state the session holds, and again whenever it changes', () => {
    const { sut } = sessionOn(stored, 3);
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useSessionState(sut);
    });
    expect(result.current).toBe(sut.getSnapshot());
    const query = result.current.rows[1]!;
    act(() => sut.edit(query));
    expect(result.current.editingKey).toBe(query.key);
    act(() => sut.keepDraft(query, 'Why not?'));
    // A draft is no news to the page: nothing is drawn again for it.
    expect(renders).toBe(2);
  });

  it('follows an answer as it streams in, frame by frame', async () => {
    const { sut, server, frames } = sessionOn(stored, 3);
    const stream = eventStream();
    server.streams.push(stream);
    const { result } = renderHook(() => useSessionState(sut));
    await act(async () => {
      void sut.retry('q1');
      await settle();
    });
    expect(result.current.answer).toEqual({ qid: 'q1', stopping: false });
    expect(result.current.rows.at(-1)).toMatchObject({ streaming: true, entry: { content: '' } });
    await act(async () => {
      stream.send({ event: 'delta', data: { text: 'Because.' } });
      await settle();
      frames.draw();
    });
    expect(result.current.rows.at(-1)?.entry.content).toBe('Because.');
    await act(async () => {
      stream.send({ event: 'cancelled', data: { detail: 'Stopped.' } });
      await settle();
    });
    expect(result.current.answer).toBeNull();
    expect(result.current.rows).toHaveLength(2);
  });

  it('shows the older turns being read, then drawn before the others', async () => {
    const notes = Array.from({ length: 4 }, (_, i) => e('comment', `Note ${i}`));
    const { sut, server } = sessionOn(notes, 3, { limit: 2 });
    const { result } = renderHook(() => useSessionState(sut));
    const reading = server.holdReads();
    act(() => sut.loadOlder());
    expect(result.current.loadingOlder).toBe(true);
    await act(async () => {
      reading();
      await settle();
    });
    expect(result.current.loadingOlder).toBe(false);
    expect(result.current.rows.map((row) => row.entry.content)).toEqual([
      'Note 0',
      'Note 1',
      'Note 2',
      'Note 3',
    ]);
  });
});

describe('useLogbookSession', () => {
  const { log: _log, files: _files, ...overview } = logbookOf([], 3);

  function opened(server: ReturnType<typeof fakeServer>) {
    remote.server = server;
    remote.marker = server.version;
    remote.reads = [];
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const logbook: LogbookOverview = { ...overview, version: server.version };
    const hook = renderHook(
      ({ page, fetchedAt }: { page: EntriesPage; fetchedAt: number }) =>
        useLogbookSession(logbook, 1, page, fetchedAt),
      { wrapper, initialProps: { page: server.page(), fetchedAt: 1 } },
    );
    return { ...hook, invalidated };
  }

  it('makes one session from the first page, and gives it each newer page read', () => {
    vi.useFakeTimers();
    const server = fakeServer(stored, 3);
    const { result, rerender, invalidated } = opened(server);
    const session = result.current;
    expect(session.getSnapshot().log.version).toBe(3);
    server.entries.push(e('gen', 'Because.', { qid: 'q1', eid: 'a1000000' }));
    server.version = 4;
    rerender({ page: server.page(), fetchedAt: 2 });
    expect(result.current).toBe(session);
    expect(session.getSnapshot().rows.map((row) => row.entry.content)).toEqual([
      'Be brief.',
      'Why?',
      'Because.',
    ]);
    // What the answers took is read again a moment later, not in the frame that draws them.
    expect(invalidated).not.toHaveBeenCalledWith({ queryKey: logbookKeys.tokens('log1') });
    vi.advanceTimersByTime(500);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: logbookKeys.tokens('log1') });
    vi.useRealTimers();
  });

  it('reads the pages of its logbook from the server', async () => {
    const server = fakeServer([...stored, e('gen', 'Because.', { qid: 'q1' })], 3);
    const { result } = opened(server);
    server.entries.push(e('comment', 'From the shell box.', { eid: 'shell000' }));
    server.version = 4;
    await act(async () => {
      result.current.reload();
      await settle();
    });
    expect(remote.reads).toEqual([{ limit: 100 }]);
    expect(result.current.getSnapshot().rows.at(-1)?.entry.content).toBe('From the shell box.');
  });
});
