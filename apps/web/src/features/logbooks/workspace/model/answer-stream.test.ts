import { ApiError } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { served, sessionOn, settle, withoutKeys } from './fake-session';
import { eventStream } from './fake-streams';

const stored = [e('context', 'Be brief.')];

/** A session asking one new question, its answer's events in the test's hands. */
async function asking(prompt = 'Why?') {
  const session = sessionOn(stored, 4);
  const stream = eventStream();
  session.server.streams.push(stream);
  const sent = session.sut.send('query', prompt);
  await settle();
  const qid = session.sut.getSnapshot().answer?.qid ?? '';
  return { ...session, stream, sent, qid };
}

const stoppedAnswer = (qid: string, content: string, version: number) => ({
  gen: content,
  qid,
  entry: { tag: 'gen' as const, attrs: { qid, stopped: 'true', eid: 'aeid0001' }, content, index: 2 },
  usage: { input_tokens: 3, output_tokens: 1 },
  version,
});

describe('the answer stream', () => {
  it('shows the question at once and a waiting answer, under the qid sent to the server', async () => {
    const { sut, server, qid } = await asking();
    expect(server.queries).toEqual([{ logid: 'log1', prompt: 'Why?', shell_mode: 'QUERY', qid }]);
    const rows = sut.getSnapshot().rows;
    expect(rows.map((row) => [row.entry.tag, row.entry.content, row.pending, row.streaming])).toEqual([
      ['context', 'Be brief.', false, false],
      ['query', 'Why?', true, false],
      ['gen', '', true, true],
    ]);
  });

  it('puts the stored query into the log on `query`, and draws deltas once per frame', async () => {
    const { sut, stream, frames, qid } = await asking();
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    await settle();
    expect(sut.getSnapshot().log.path[1]).toMatchObject({
      index: 1,
      entry: e('query', 'Why?', { qid, eid: 'qeid0001' }),
      parent: 'ent00000',
      siblings: ['qeid0001'],
    });
    expect(sut.getSnapshot().log).toMatchObject({ version: 5, head: 'qeid0001' });
    stream.send({ event: 'delta', data: { text: 'Be' } });
    stream.send({ event: 'delta', data: { text: 'cause' } });
    await settle();
    expect(frames.waiting()).toBe(1);
    expect(sut.getSnapshot().rows.at(-1)?.entry.content).toBe('');
    frames.draw();
    expect(sut.getSnapshot().rows.at(-1)).toMatchObject({ streaming: true, entry: { content: 'Because' } });
  });

  it('ends on `done` with the stored answer in the log and nothing pending', async () => {
    const { sut, stream, sent, qid, server } = await asking();
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    stream.send({ event: 'delta', data: { text: 'Because.' } });
    const attrs = { qid, input_tokens: '3', output_tokens: '1', eid: 'aeid0001' };
    const answer = {
      ...stoppedAnswer(qid, 'Because.', 6),
      entry: { tag: 'gen' as const, attrs, content: 'Because.', index: 2 },
    };
    stream.send({ event: 'done', data: answer });
    expect(await sent).toBeNull();
    const state = sut.getSnapshot();
    expect(state.answer).toBeNull();
    expect(state.failure).toBeNull();
    expect(state.pending).toEqual([]);
    expect(state.log.version).toBe(6);
    expect(state.log.path.at(-1)).toMatchObject({ entry: e('gen', 'Because.', attrs), parent: 'qeid0001' });
    expect(state.log.head).toBe('aeid0001');
    expect(state.rows.map((row) => row.entry.tag)).toEqual(['context', 'query', 'gen']);
    expect(server.announced).toEqual([5, 6]);
    // Applied as stored: nothing is read again, and what the answers took is asked again.
    expect(server.reads).toEqual([]);
    expect(server.answersChanged).toBe(1);
    expect(withoutKeys(state.log)).toEqual(served(server));
  });

  it('sends the files a question carries, and draws them on its entry, pending and stored', async () => {
    const session = sessionOn(stored, 4);
    const stream = eventStream();
    session.server.streams.push(stream);
    const sent = session.sut.send('query', 'What is this?', ['file0001', 'file0002']);
    await settle();
    const qid = session.sut.getSnapshot().answer?.qid ?? '';
    expect(session.server.queries).toEqual([
      { logid: 'log1', prompt: 'What is this?', shell_mode: 'QUERY', qid, files: ['file0001', 'file0002'] },
    ]);
    expect(session.sut.getSnapshot().rows[1]?.entry.attrs).toEqual({ qid, files: 'file0001 file0002' });
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    stream.send({ event: 'cancelled', data: { detail: 'Stopped before any text.' } });
    expect(await sent).toBeNull();
    expect(session.sut.getSnapshot().log.path[1]?.entry).toEqual(
      e('query', 'What is this?', { qid, eid: 'qeid0001', files: 'file0001 file0002' }),
    );
    expect(session.server.entries[1]?.attrs.files).toBe('file0001 file0002');
  });

  it('keeps a stored query on `error`, with a failure that offers to ask it again', async () => {
    const { sut, stream, sent, qid } = await asking();
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    stream.send({ event: 'error', data: { detail: 'Error fetching response from AI.', reason: 'Bad key' } });
    expect(await sent).toBeNull();
    const { failure, rows, answer } = sut.getSnapshot();
    expect(answer).toBeNull();
    expect(failure?.qid).toBe(qid);
    expect(failure?.error).toBeInstanceOf(ApiError);
    expect(failure?.error).toMatchObject({ code: 'provider_error', reason: 'Bad key' });
    expect(rows.at(-1)).toMatchObject({ unanswered: true, entry: { tag: 'query' } });
  });

  it('gives the question back when the server failed before storing it', async () => {
    const { sut, stream, sent } = await asking('Lost?');
    stream.send({ event: 'error', data: { detail: 'Error fetching response from AI.' } });
    expect(await sent).toBe('Lost?');
    expect(sut.getSnapshot().failure?.qid).toBeNull();
    expect(sut.getSnapshot().rows.map((row) => row.entry.content)).toEqual(['Be brief.']);
  });

  it('ends quietly on `cancelled`: no failure, no answer drawn', async () => {
    const { sut, stream, sent, qid } = await asking();
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    stream.send({ event: 'cancelled', data: { detail: 'Stopped before any text.' } });
    expect(await sent).toBeNull();
    const { failure, rows, answer } = sut.getSnapshot();
    expect([failure, answer]).toEqual([null, null]);
    expect(rows.map((row) => row.entry.tag)).toEqual(['context', 'query']);
  });

  it('fails a stream that ends without its last event', async () => {
    const { sut, stream, sent, qid } = await asking();
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    stream.end();
    expect(await sent).toBeNull();
    expect(sut.getSnapshot().failure?.error).toMatchObject({ detail: 'Error fetching response from AI.' });
  });

  it('asks the server to stop, and keeps the stopped answer the stream ends with', async () => {
    const { sut, stream, sent, qid, server } = await asking();
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    await settle();
    sut.stop();
    expect(sut.getSnapshot().answer).toEqual({ qid, stopping: true });
    expect(server.cancels).toEqual([{ logid: 'log1', qid }]);
    stream.send({ event: 'done', data: stoppedAnswer(qid, 'Beca', 6) });
    expect(await sent).toBeNull();
    expect(sut.getSnapshot().log.path.at(-1)?.entry.attrs.stopped).toBe('true');
    // An answer with no token counts leaves what the answers took as it was.
    expect(server.answersChanged).toBe(0);
  });

  it('drops the stream when the server cannot be told to stop', async () => {
    const { sut, sent, server } = await asking();
    server.refusesCancel = true;
    sut.stop();
    expect(await sent).toBeNull();
    expect(sut.getSnapshot().answer).toBeNull();
    expect(sut.getSnapshot().failure).toBeNull();
  });

  it('puts a new answer to an answered question beside the old one, with its arrows', async () => {
    const answered = [
      e('context', 'Be brief.', { eid: 'ctx00000' }),
      e('query', 'Why?', { qid: 'q1', eid: 'q1000000' }),
      e('gen', 'Because.', { qid: 'q1', eid: 'a1000000' }),
    ];
    const { sut, server } = sessionOn(answered, 4);
    const stream = eventStream();
    server.streams.push(stream);
    const asked = sut.retry('q1');
    await settle();
    // The stored question is announced at its place: nothing new.
    stream.send({ event: 'query', data: { qid: 'q1', index: 1, eid: 'q1000000' } });
    const attrs = { qid: 'q1', parent: 'q1000000', eid: 'a2000000', input_tokens: '4', output_tokens: '2' };
    const entry = { tag: 'gen' as const, attrs, content: 'Why not.', index: 3 };
    const usage = { input_tokens: 4, output_tokens: 2 };
    stream.send({ event: 'done', data: { gen: 'Why not.', qid: 'q1', entry, usage, version: 5 } });
    await asked;
    const { log, rows } = sut.getSnapshot();
    expect(rows.map((row) => row.entry.content)).toEqual(['Be brief.', 'Why?', 'Why not.']);
    expect(rows[2]?.branch).toEqual({ position: 2, count: 2, previous: 'a1000000', next: null });
    expect(withoutKeys(log)).toEqual(served(server));
    expect([server.reads, server.announced, server.answersChanged]).toEqual([[], [5], 1]);
  });

  it('asks a stored query again, and only one at a time', async () => {
    const session = sessionOn([...stored, e('query', 'Again?', { qid: 'q9' })], 4);
    const stream = eventStream();
    session.server.streams.push(stream);
    const retried = session.sut.retry('q9');
    await settle();
    await session.sut.retry('q9');
    expect(session.server.queries).toHaveLength(1);
    expect(session.server.queries[0]).toMatchObject({ prompt: 'Again?', qid: 'q9' });
    stream.send({ event: 'cancelled', data: { detail: 'Stopped.' } });
    await retried;
  });
});
