import type { QueryStreamEvent } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { served, sessionOn, settle, withoutKeys } from './fake-session';
import { eventStream } from './fake-streams';

const stored = [e('context', 'Be brief.')];
const LANES = [
  { lane: 0, wellid: 'w1', title: 'Mine', model: 'openai/gpt-4o' },
  { lane: 1, wellid: 'w2', title: 'Claude', model: 'anthropic/claude-sonnet-4' },
  { lane: 2, wellid: 'w3', title: 'Gemini', model: 'gemini/gemini-2.5' },
];

/** A session comparing one new question through three wells, the events in the test's hands. */
async function comparing() {
  const session = sessionOn(stored, 4);
  const stream = eventStream();
  session.server.streams.push(stream);
  const sent = session.sut.send('query', 'Why?', [], ['w1', 'w2', 'w3']);
  await settle();
  const qid = session.sut.getSnapshot().answer?.qid ?? '';
  stream.send({
    event: 'query',
    data: { qid, index: 1, eid: 'qeid0001', parent: 'ent00000', version: 5, lanes: LANES },
  });
  return { ...session, stream, sent, qid };
}

/** Lane `lane`'s answer, stored at `index` as version `version`, under the question. */
function done(qid: string, lane: number, index: number, version: number, content: string): QueryStreamEvent {
  const attrs = { qid, parent: 'qeid0001', eid: `aeid000${lane}`, output_tokens: '2' };
  return {
    event: 'done',
    data: {
      gen: content,
      qid,
      entry: { tag: 'gen', attrs, content, index },
      usage: { input_tokens: 3, output_tokens: 2 },
      version,
      lane,
    },
  };
}

describe('a compare', () => {
  it('asks every well in one call and streams each lane into its own column', async () => {
    const { sut, server, stream, frames, qid } = await comparing();
    expect(server.queries).toEqual([
      { logid: 'log1', prompt: 'Why?', shell_mode: 'QUERY', qid, wellids: ['w1', 'w2', 'w3'] },
    ]);
    stream.send({ event: 'delta', data: { text: 'One', lane: 0 } });
    stream.send({ event: 'reasoning', data: { text: 'Hmm', lane: 1 } });
    stream.send({ event: 'delta', data: { text: 'Two', lane: 2 } });
    stream.send({ event: 'delta', data: { text: '!', lane: 0 } });
    await settle();
    frames.draw();
    const { compare, answer, log } = sut.getSnapshot();
    expect(answer).toEqual({ qid, stopping: false });
    expect(log.path.at(-1)?.entry).toEqual(e('query', 'Why?', { qid, eid: 'qeid0001' }));
    expect(compare?.lanes.map(({ title, model, text, status }) => [title, model, text, status])).toEqual([
      ['Mine', 'openai/gpt-4o', 'One!', 'streaming'],
      ['Claude', 'anthropic/claude-sonnet-4', '', 'streaming'],
      ['Gemini', 'gemini/gemini-2.5', 'Two', 'streaming'],
    ]);
    expect(compare?.lanes[1]?.thought).toEqual({ text: 'Hmm', seconds: null, index: null });
  });

  it('stores the answers as siblings under the question, the last stored the head, as a read shows', async () => {
    const { sut, server, stream, sent, qid } = await comparing();
    stream.send(done(qid, 2, 2, 6, 'Two.'));
    stream.send({
      event: 'error',
      data: { detail: 'Error fetching response from AI.', reason: 'HTTP 401', lane: 1 },
    });
    stream.send(done(qid, 0, 3, 7, 'One.'));
    expect(await sent).toBeNull();
    const { compare, answer, log, pending } = sut.getSnapshot();
    expect(answer).toBeNull();
    expect(pending).toEqual([]);
    expect(compare?.ended).toBe(true);
    expect(compare?.lanes.map(({ status, eid, text }) => [status, eid, text])).toEqual([
      ['stored', 'aeid0000', 'One.'],
      ['failed', null, ''],
      ['stored', 'aeid0002', 'Two.'],
    ]);
    expect(compare?.lanes[1]?.error).toMatchObject({ code: 'provider_error', reason: 'HTTP 401' });
    expect(log).toMatchObject({ version: 7, head: 'aeid0000' });
    expect(log.path.at(-1)).toMatchObject({ parent: 'qeid0001', siblings: ['aeid0002', 'aeid0000'] });
    expect(server.reads).toEqual([]);
    expect(withoutKeys(log)).toEqual(served(server));
  });

  it('keeps one answer as the head: the log then goes through it, with arrows to the others', async () => {
    const { sut, server, stream, sent, qid } = await comparing();
    stream.send(done(qid, 0, 2, 6, 'One.'));
    stream.send(done(qid, 1, 3, 7, 'Two.'));
    stream.send(done(qid, 2, 4, 8, 'Three.'));
    await sent;
    await sut.keepAnswer('aeid0000');
    const { compare, log, rows } = sut.getSnapshot();
    expect(server.heads).toEqual(['aeid0000']);
    expect(compare).toBeNull();
    expect(log.head).toBe('aeid0000');
    expect(rows.at(-1)).toMatchObject({
      entry: { content: 'One.' },
      branch: { position: 1, count: 3, previous: null, next: 'aeid0001' },
    });
    expect(withoutKeys(log)).toEqual(served(server));
  });

  it('stops every lane with one Stop: what arrived is stored, a lane with nothing is stopped', async () => {
    const { sut, server, stream, sent, qid } = await comparing();
    stream.send({ event: 'delta', data: { text: 'On', lane: 0 } });
    await settle();
    sut.stop();
    expect(server.cancels).toEqual([{ logid: 'log1', qid }]);
    expect(sut.getSnapshot().answer?.stopping).toBe(true);
    const stopped = done(qid, 0, 2, 6, 'On');
    if (stopped.event === 'done') stopped.data.entry.attrs.stopped = 'true';
    stream.send(stopped);
    stream.send({ event: 'cancelled', data: { detail: 'Stopped before any text.', lane: 1 } });
    stream.send({ event: 'cancelled', data: { detail: 'Stopped before any text.', lane: 2 } });
    expect(await sent).toBeNull();
    const { compare, answer, failure } = sut.getSnapshot();
    expect([answer, failure]).toEqual([null, null]);
    expect(compare?.lanes.map((lane) => lane.status)).toEqual(['stored', 'stopped', 'stopped']);
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
  });

  it('gives the question back when the server refused before storing it', async () => {
    const session = sessionOn(stored, 4);
    const body = { wellids: ['Well not found.'] };
    session.server.streams.push({
      ...eventStream(),
      response: new Response(JSON.stringify(body), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    });
    const sent = session.sut.send('query', 'Why?', [], ['w1', 'nope']);
    expect(await sent).toBe('Why?');
    const { compare, failure, rows } = session.sut.getSnapshot();
    expect(compare).toBeNull();
    expect(failure).toMatchObject({ qid: null, error: { fields: body } });
    expect(rows.map((row) => row.entry.content)).toEqual(['Be brief.']);
  });

  it('leaves the grid once another question is asked', async () => {
    const { sut, server, stream, sent, qid } = await comparing();
    stream.send(done(qid, 0, 2, 6, 'One.'));
    stream.send(done(qid, 1, 3, 7, 'Two.'));
    stream.send(done(qid, 2, 4, 8, 'Three.'));
    await sent;
    server.streams.push(eventStream());
    void sut.send('query', 'And?');
    await settle();
    expect(sut.getSnapshot().compare).toBeNull();
  });
});
