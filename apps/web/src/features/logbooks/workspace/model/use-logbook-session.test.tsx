import { entry as e } from '@caravanserai/test-kit/factories';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventStream, sessionOn, settle } from './fake-session';
import { useSessionState } from './use-logbook-session';

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
});
