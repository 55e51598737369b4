import { ApiError } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { served, sessionOn, settle, withoutKeys } from './fake-session';
import { eventStream } from './fake-streams';

const CUT = "\n\n[Answer cut here: it passed this server's limit of 20 characters.]";

/** A log whose answer ended early (`attrs` say how), its continuation's events in the test's hands. */
function continuing(attrs: Record<string, string>, content = 'Once upon') {
  const stored = [
    e('query', 'Tell a story.', { qid: 'q1', eid: 'qeid0001' }),
    e('gen', content, { qid: 'q1', eid: 'aeid0001', output_tokens: '2', ...attrs }),
  ];
  const session = sessionOn(stored, 7);
  const stream = eventStream();
  session.server.streams.push(stream);
  return { ...session, stream };
}

const joined = (content: string, attrs: Record<string, string> = {}) => ({
  gen: content,
  qid: 'q1',
  entry: {
    tag: 'gen' as const,
    attrs: { qid: 'q1', eid: 'aeid0001', output_tokens: '5', ...attrs },
    content,
    index: 1,
  },
  usage: { input_tokens: 9, output_tokens: 3 },
  version: 8,
});

describe('continuing an answer', () => {
  it('asks the server to go on from the answer, and grows its row in place', async () => {
    const { sut, server, stream, frames } = continuing({ finish: 'length' });
    const row = sut.getSnapshot().rows[1]!;
    sut.continueAnswer(row);
    await settle();
    expect(server.queries).toEqual([
      { logid: 'log1', prompt: 'Tell a story.', shell_mode: 'QUERY', continues: 'aeid0001' },
    ]);
    expect(sut.getSnapshot().answer).toEqual({ qid: 'q1', stopping: false });
    stream.send({ event: 'query', data: { qid: 'q1', index: 0, eid: 'qeid0001' } });
    stream.send({ event: 'delta', data: { text: ' a time' } });
    await settle();
    frames.draw();
    const rows = sut.getSnapshot().rows;
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      key: row.key,
      index: 1,
      streaming: true,
      entry: { content: 'Once upon a time' },
    });
    expect(rows[1]?.entry.attrs.finish).toBeUndefined();
  });

  it('replaces the answer with the joined one on `done`, at the new version, reading nothing', async () => {
    const { sut, server, stream, frames } = continuing({ finish: 'length' });
    sut.continueAnswer(sut.getSnapshot().rows[1]!);
    await settle();
    stream.send({ event: 'delta', data: { text: ' a time.' } });
    stream.send({ event: 'done', data: joined('Once upon a time.') });
    await settle();
    frames.draw();
    const state = sut.getSnapshot();
    expect(state.answer).toBeNull();
    expect(state.pending).toEqual([]);
    expect(state.log.version).toBe(8);
    expect(state.log.path.map((held) => held.index)).toEqual([0, 1]);
    expect(state.log.path[1]?.entry).toEqual(
      e('gen', 'Once upon a time.', { qid: 'q1', eid: 'aeid0001', output_tokens: '5' }),
    );
    expect(state.rows[1]).toMatchObject({ streaming: false, entry: { content: 'Once upon a time.' } });
    expect(server.reads).toEqual([]);
    expect(server.announced).toEqual([8]);
    expect(server.answersChanged).toBe(1);
    expect(withoutKeys(state.log)).toEqual(served(server));
  });

  it("goes on from a cut answer's text without the server's cut mark", async () => {
    const { sut, stream, frames } = continuing({ truncated: 'true' }, `Once upon${CUT}`);
    sut.continueAnswer(sut.getSnapshot().rows[1]!);
    await settle();
    stream.send({ event: 'delta', data: { text: ' a time' } });
    await settle();
    frames.draw();
    expect(sut.getSnapshot().rows[1]?.entry.content).toBe('Once upon a time');
  });

  it('stops like an answer: the server is told, and what it stored replaces the answer', async () => {
    const { sut, server, stream } = continuing({ stopped: 'true' });
    sut.continueAnswer(sut.getSnapshot().rows[1]!);
    await settle();
    sut.stop();
    expect(server.cancels).toEqual([{ logid: 'log1', qid: 'q1' }]);
    expect(sut.getSnapshot().answer?.stopping).toBe(true);
    stream.send({ event: 'done', data: joined('Once upon a', { stopped: 'true' }) });
    await settle();
    expect(sut.getSnapshot().log.path[1]?.entry.attrs.stopped).toBe('true');
    expect(sut.getSnapshot().answer).toBeNull();
  });

  it('says why in words when the server refuses, and leaves the answer as it was', async () => {
    const { sut, server } = continuing({ stopped: 'true' });
    const body = { continues: ['Only an answer that was stopped or cut short can be continued.'] };
    server.streams[0] = {
      ...server.streams[0]!,
      response: new Response(JSON.stringify(body), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    };
    sut.continueAnswer(sut.getSnapshot().rows[1]!);
    await settle();
    const state = sut.getSnapshot();
    expect(state.failure?.qid).toBeNull();
    expect(state.failure?.error).toBeInstanceOf(ApiError);
    expect(state.failure?.error).toMatchObject({ fields: body });
    expect(state.answer).toBeNull();
    expect(state.pending).toEqual([]);
    expect(state.rows[1]?.entry).toMatchObject({ content: 'Once upon', attrs: { stopped: 'true' } });
  });

  it('is not asked for an answer that ended as the model meant it to', async () => {
    const { sut, server } = continuing({});
    sut.continueAnswer(sut.getSnapshot().rows[1]!);
    await settle();
    expect(server.queries).toEqual([]);
    expect(sut.getSnapshot().answer).toBeNull();
  });
});
