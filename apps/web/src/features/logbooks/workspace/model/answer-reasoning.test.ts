import type { QueryResult } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { served, sessionOn, settle, withoutKeys } from './fake-session';
import { eventStream } from './fake-streams';

type Done = QueryResult['data'];

const contents = (rows: readonly { entry: { content: string } }[]) => rows.map((row) => row.entry.content);

/** What `done` brings for an answer a reasoning model thought about first (DESIGN 12). */
function thoughtAnswer(
  qid: string,
  {
    text,
    thought,
    seconds,
    at,
    version,
    eids,
    parent,
  }: {
    text: string;
    thought: string;
    seconds: string;
    /** The thought's document index; the answer's is the next one. */
    at: number;
    version: number;
    eids: [thought: string, answer: string];
    /** The query the thought follows, when it is not the entry just before it (a new answer). */
    parent?: string;
  },
): Done {
  const attrs = { qid, kind: 'reasoning', seconds, eid: eids[0], ...(parent && { parent }) };
  return {
    gen: text,
    qid,
    entry: {
      tag: 'gen',
      attrs: { qid, eid: eids[1], input_tokens: '3', output_tokens: '2' },
      content: text,
      index: at + 1,
    },
    reasoning: { tag: 'comment', attrs, content: thought, index: at },
    usage: { input_tokens: 3, output_tokens: 2 },
    version,
  };
}

describe('the answer stream: a model that thinks first', () => {
  it('shows the thinking as it arrives, then stores it before the answer, as a reload would show it', async () => {
    const { sut, server, frames } = sessionOn([e('context', 'Be brief.')], 4);
    const stream = eventStream();
    server.streams.push(stream);
    const sent = sut.send('query', 'Why?');
    await settle();
    const qid = sut.getSnapshot().answer?.qid ?? '';
    const streamed = sut.getSnapshot().rows.at(-1)!;
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    stream.send({ event: 'reasoning', data: { text: 'The user asks ' } });
    stream.send({ event: 'reasoning', data: { text: 'why.' } });
    await settle();
    frames.draw();
    // Thinking: no answer yet, and no time said until the answer begins.
    expect(sut.getSnapshot().rows.at(-1)).toMatchObject({
      streaming: true,
      entry: { tag: 'gen', content: '' },
      thought: { text: 'The user asks why.', seconds: null, index: null },
    });
    stream.send({ event: 'delta', data: { text: 'Because.' } });
    await settle();
    frames.draw();
    expect(sut.getSnapshot().rows.at(-1)).toMatchObject({
      entry: { content: 'Because.' },
      thought: { text: 'The user asks why.', seconds: 1 },
    });

    const done = thoughtAnswer(qid, {
      text: 'Because.',
      thought: 'The user asks why.',
      seconds: '4',
      at: 2,
      version: 6,
      eids: ['reid0001', 'aeid0001'],
    });
    stream.send({ event: 'done', data: done });
    expect(await sent).toBeNull();
    const { log, rows, pending } = sut.getSnapshot();
    // query → comment (kind=reasoning) → gen: one line, one version for the thought and its answer.
    expect(log.path.slice(1).map(({ index, entry, parent }) => [index, entry.tag, parent])).toEqual([
      [1, 'query', 'ent00000'],
      [2, 'comment', 'qeid0001'],
      [3, 'gen', 'reid0001'],
    ]);
    expect(log.path[2]?.entry).toEqual(
      e('comment', 'The user asks why.', { qid, kind: 'reasoning', seconds: '4', eid: 'reid0001' }),
    );
    expect(log).toMatchObject({ version: 6, head: 'aeid0001' });
    expect(withoutKeys(log)).toEqual(served(server));
    expect(pending).toEqual([]);
    // The thought is drawn with its answer, in the row the answer streamed in, timed by the server.
    expect(contents(rows)).toEqual(['Be brief.', 'Why?', 'Because.']);
    expect(rows.at(-1)).toMatchObject({
      key: streamed.key,
      index: 3,
      streaming: false,
      thought: { text: 'The user asks why.', seconds: 4, index: 2 },
    });
    expect(rows.at(-1)?.branch).toBeUndefined();
    expect([server.reads, server.announced]).toEqual([[], [5, 6]]);
  });

  it('drops the thinking shown when the server kept none', async () => {
    const { sut, server, frames } = sessionOn([e('context', 'Be brief.')], 4);
    const stream = eventStream();
    server.streams.push(stream);
    const sent = sut.send('query', 'Why?');
    await settle();
    const qid = sut.getSnapshot().answer?.qid ?? '';
    stream.send({ event: 'query', data: { qid, index: 1, eid: 'qeid0001' } });
    stream.send({ event: 'reasoning', data: { text: ' ' } });
    await settle();
    frames.draw();
    const entry = { tag: 'gen' as const, attrs: { qid, eid: 'aeid0001' }, content: 'Because.', index: 2 };
    const usage = { input_tokens: 3, output_tokens: 2 };
    stream.send({ event: 'done', data: { gen: 'Because.', qid, entry, usage, version: 6 } });
    await sent;
    expect(sut.getSnapshot().rows.at(-1)?.thought).toBeUndefined();
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
  });
});

// 0 Why? ── 1 (thought) ── 2 Because.
const thoughtOnce = [
  e('context', 'Be brief.', { eid: 'ctx00000' }),
  e('query', 'Why?', { qid: 'q1', eid: 'q1000000' }),
  e('comment', 'Hmm.', { qid: 'q1', kind: 'reasoning', seconds: '0', eid: 'r1000000' }),
  e('gen', 'Because.', { qid: 'q1', eid: 'a1000000' }),
];

async function regenerate(stored: ReturnType<typeof e>[]) {
  const session = sessionOn(stored, 4);
  const stream = eventStream();
  session.server.streams.push(stream);
  const asked = session.sut.retry('q1');
  await settle();
  stream.send({ event: 'query', data: { qid: 'q1', index: 1, eid: 'q1000000' } });
  const done = thoughtAnswer('q1', {
    text: 'Why not.',
    thought: 'Again, then.',
    seconds: '2',
    at: stored.length,
    version: 5,
    eids: ['r2000000', 'a2000000'],
    parent: 'q1000000',
  });
  stream.send({ event: 'done', data: done });
  await asked;
  return session;
}

describe('the versions of an answer with its thinking', () => {
  it('draws a stored thought with its answer, at least one second long', () => {
    const { sut } = sessionOn(thoughtOnce, 4);
    const { rows } = sut.getSnapshot();
    expect(contents(rows)).toEqual(['Be brief.', 'Why?', 'Because.']);
    expect(rows[2]).toMatchObject({ index: 3, thought: { text: 'Hmm.', seconds: 1, index: 2 } });
    expect(rows[1]?.unanswered).toBeUndefined();
  });

  it('puts a new answer beside the old one, with the arrows on the answer, not on the thought', async () => {
    const { sut, server } = await regenerate(thoughtOnce);
    const { log, rows } = sut.getSnapshot();
    expect(contents(rows)).toEqual(['Be brief.', 'Why?', 'Why not.']);
    expect(rows[2]).toMatchObject({ thought: { text: 'Again, then.', seconds: 2, index: 4 } });
    // The query's children are the thoughts: switching them switches answers.
    expect(rows[2]?.branch).toEqual({ position: 2, count: 2, previous: 'r1000000', next: null });
    expect(withoutKeys(log)).toEqual(served(server));
    expect(server.reads).toEqual([]);

    sut.switchBranch('r1000000');
    await settle();
    expect(server.reads).toEqual([{ under: 'r1000000', limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(['Be brief.', 'Why?', 'Because.']);
    expect(sut.getSnapshot().rows[2]?.branch).toEqual({
      position: 1,
      count: 2,
      previous: null,
      next: 'r2000000',
    });
    expect(sut.getSnapshot().log.head).toBe('a1000000');
  });

  it('keeps the arrows of an old answer that had no thinking beside a new one that has', async () => {
    const plain = [...thoughtOnce.slice(0, 2), e('gen', 'Because.', { qid: 'q1', eid: 'a1000000' })];
    const { sut } = await regenerate(plain);
    expect(sut.getSnapshot().rows[2]?.branch).toEqual({
      position: 2,
      count: 2,
      previous: 'a1000000',
      next: null,
    });
    sut.switchBranch('a1000000');
    await settle();
    const old = sut.getSnapshot().rows[2];
    expect(old?.entry.content).toBe('Because.');
    expect(old?.thought).toBeUndefined();
    expect(old?.branch).toEqual({ position: 1, count: 2, previous: null, next: 'r2000000' });
  });

  it('draws a thought whose answer was deleted on its own, the question still unanswered', () => {
    const deleted = [...thoughtOnce.slice(0, 3), e('gen', '', { qid: 'q1', eid: 'a1000000' })];
    const { rows } = sessionOn(deleted, 4).sut.getSnapshot();
    expect(rows.map((row) => row.entry.tag)).toEqual(['context', 'query', 'comment']);
    expect(rows[2]?.thought).toEqual({ text: 'Hmm.', seconds: 1, index: 2 });
    expect(rows[1]?.unanswered).toBe(true);
  });
});
