import { ApiError } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { served, sessionOn, settle, withoutKeys } from './fake-session';
import { eventStream } from './fake-streams';

const stored = [
  e('context', 'Be brief.'),
  e('query', 'Why?', { qid: 'q1' }),
  e('gen', 'Because.', { qid: 'q1' }),
];

const contents = (rows: readonly { entry: { content: string } }[]) => rows.map((row) => row.entry.content);

describe('LogbookSession: the log', () => {
  it('draws the fetched log and tells its subscribers of every change', async () => {
    const { sut } = sessionOn(stored, 4);
    const first = sut.getSnapshot();
    expect(first.log.version).toBe(4);
    expect(contents(first.rows)).toEqual(['Be brief.', 'Why?', 'Because.']);
    let heard = 0;
    const stop = sut.subscribe(() => heard++);
    sut.edit(first.rows[0]!);
    expect(heard).toBe(1);
    expect(sut.getSnapshot()).not.toBe(first);
    stop();
    sut.cancelEdit();
    expect(heard).toBe(1);
  });

  it('takes a page read elsewhere only when it is newer than the log it holds', () => {
    const { sut, server } = sessionOn(stored, 4);
    const before = sut.getSnapshot();
    sut.receive(server.page(), 2);
    expect(sut.getSnapshot()).toBe(before);
    expect(server.answersChanged).toBe(0);
    server.entries.push(e('comment', 'From another tab', { eid: 'tab00000' }));
    server.version = 5;
    sut.receive(server.page(), 3);
    expect(contents(sut.getSnapshot().rows).at(-1)).toBe('From another tab');
    expect(sut.getSnapshot().log).toMatchObject({ version: 5, head: 'tab00000', updatedAt: 3 });
    // Answers may have come with it: what they took is asked again.
    expect(server.answersChanged).toBe(1);
  });

  // announce() is for the session's own writes: it tells the other tabs to read again and marks
  // the version as this page's, which the version marker then takes for its own change.
  it('takes a page read elsewhere without announcing it as its own write', () => {
    const { sut, server } = sessionOn(stored, 4);
    server.entries.push(e('comment', 'From another tab', { eid: 'tab00000' }));
    server.version = 5;
    sut.receive(server.page(), 3);
    expect(sut.getSnapshot().log.version).toBe(5);
    expect(server.announced).toEqual([]);
  });
});

describe('LogbookSession: writes', () => {
  it('shows a sent comment at once, then applies the stored write without reading the log', async () => {
    const { sut, server } = sessionOn(stored, 4);
    const sending = sut.send('comment', 'A note');
    const drawn = sut.getSnapshot().rows.at(-1)!;
    expect([drawn.entry.content, drawn.pending, drawn.index]).toEqual(['A note', true, null]);
    expect(await sending).toBeNull();
    const { log, rows, pending } = sut.getSnapshot();
    expect(log).toMatchObject({ version: 5, head: 'new00001' });
    expect(log.path.at(-1)).toEqual({
      index: 3,
      entry: e('comment', 'A note', { eid: 'new00001' }),
      parent: 'ent00002',
      siblings: ['new00001'],
      files: [],
      key: drawn.key,
    });
    expect(withoutKeys(log)).toEqual(served(server));
    expect(pending).toEqual([]);
    // The stored entry keeps the row it was drawn as: it is updated in place, not drawn anew.
    expect(rows.at(-1)).toMatchObject({ index: 3, pending: false, key: drawn.key });
    expect(server.announced).toEqual([5]);
    expect(server.reads).toEqual([]);
  });

  it('gives back the text of an entry the server refused, and says why', async () => {
    const { sut, server } = sessionOn(stored, 4);
    const refusal = new ApiError(400, { detail: 'Too long.' });
    server.failNext(refusal);
    expect(await sut.send('context', 'Be kind.')).toBe('Be kind.');
    expect(sut.getSnapshot().rows).toHaveLength(3);
    expect(server.failures).toEqual([refusal]);
  });

  it('sends toggles in order, each naming the tag the one before it set', async () => {
    const { sut, server } = sessionOn(stored, 4);
    const answer = sut.getSnapshot().rows[2]!;
    sut.toggle(answer, 'mirage');
    expect(sut.getSnapshot().rows[2]).toMatchObject({ pending: true, entry: { tag: 'mirage' } });
    sut.toggle(sut.getSnapshot().rows[2]!, 'mirage');
    await settle();
    expect(server.sent.map((body) => [body.tag, body.fresh_tag])).toEqual([
      ['gen', 'mirage'],
      ['mirage', 'gen'],
    ]);
    expect(sut.getSnapshot().log.path[2]?.entry.tag).toBe('gen');
    expect(sut.getSnapshot().log.version).toBe(6);
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
  });

  it('names in an edit the version the writes before it left', async () => {
    const { sut, server } = sessionOn(stored, 4);
    sut.toggle(sut.getSnapshot().rows[0]!, 'comment');
    const saved = sut.save(sut.getSnapshot().rows[1]!, 'Why not?', false);
    expect(await saved).toBe(true);
    expect(server.sent[1]).toMatchObject({ index: 1, content: 'Why not?', version: 5 });
    expect(sut.getSnapshot().log.path[1]?.entry.content).toBe('Why not?');
  });

  it('reads the newest page again when a change is refused as stale, and drops the change', async () => {
    const { sut, server } = sessionOn(stored, 4);
    server.failNext(new ApiError(409, { detail: 'Changed.', code: 'conflict' }));
    sut.toggle(sut.getSnapshot().rows[0]!, 'comment');
    await settle();
    expect(server.reads).toEqual([{ limit: 100 }]);
    expect(sut.getSnapshot().rows[0]?.entry.tag).toBe('context');
    expect(sut.getSnapshot().pending).toEqual([]);
  });

  it('reads a page again, not the whole log, when a stored write does not follow its version', async () => {
    const { sut, server } = sessionOn(stored, 4);
    server.entries.push(e('comment', 'Elsewhere', { eid: 'else0000' }));
    server.version = 7;
    const reading = server.holdReads();
    await sut.send('comment', 'Late');
    expect(server.reads).toEqual([{ limit: 100 }]);
    // The entry stays drawn, stored but not in the log, until the page read again shows it.
    expect(sut.getSnapshot().log.version).toBe(4);
    expect(sut.getSnapshot().rows.at(-1)).toMatchObject({ index: null, entry: { content: 'Late' } });
    reading();
    await settle();
    expect(contents(sut.getSnapshot().rows)).toEqual(['Be brief.', 'Why?', 'Because.', 'Elsewhere', 'Late']);
    expect(sut.getSnapshot().rows.at(-1)?.index).toBe(4);
    expect(sut.getSnapshot().pending).toEqual([]);
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
  });
});

describe('LogbookSession: the editor and deletion', () => {
  it('opens one editor, keeps its draft while it is open, and forgets it on cancel', () => {
    const { sut } = sessionOn(stored, 4);
    const query = sut.getSnapshot().rows[1]!;
    sut.edit(query);
    expect(sut.getSnapshot().editingKey).toBe(query.key);
    sut.keepDraft(query, 'Why, then?');
    expect(sut.draft(query)).toBe('Why, then?');
    sut.cancelEdit();
    expect(sut.getSnapshot().editingKey).toBeNull();
    expect(sut.draft(query)).toBeUndefined();
  });

  it('asks before deleting, and blanks the entry once the reader confirms', async () => {
    const { sut, server } = sessionOn(stored, 4);
    const comment = sut.getSnapshot().rows[0]!;
    sut.remove(comment);
    expect(sut.getSnapshot().toDelete).toBe(comment);
    expect(server.sent).toEqual([]);
    sut.confirmDelete();
    expect(sut.getSnapshot().toDelete).toBeNull();
    expect(contents(sut.getSnapshot().rows)).toEqual(['Why?', 'Because.']);
    await settle();
    expect(server.sent).toEqual([{ logid: 'log1', tag: 'context', index: 0, content: '' }]);
    expect(sut.getSnapshot().log.path[0]?.entry.content).toBe('');
  });

  it('sends an edited query as a new version beside the old one, which stays as a branch', async () => {
    const branchable = [
      e('context', 'Be brief.', { eid: 'ctx00000' }),
      e('query', 'Why?', { qid: 'q1', eid: 'q1000000' }),
      e('gen', 'Because.', { qid: 'q1', eid: 'a1000000' }),
    ];
    const { sut, server } = sessionOn(branchable, 4);
    const stream = eventStream();
    server.streams.push(stream);
    const query = sut.getSnapshot().rows[1]!;
    sut.edit(query);
    expect(await sut.save(query, 'Why so?', true)).toBe(true);
    expect(sut.getSnapshot().editingKey).toBeNull();
    await settle();
    // Nothing is overwritten: the edit is a new question following the old one's parent.
    expect(server.sent).toEqual([]);
    const qid = sut.getSnapshot().answer?.qid ?? '';
    expect(server.queries).toEqual([
      { logid: 'log1', prompt: 'Why so?', shell_mode: 'QUERY', qid, parent: 'ctx00000' },
    ]);
    stream.send({ event: 'query', data: { qid, index: 3, eid: 'q2000000' } });
    const entry = { tag: 'gen' as const, attrs: { qid, eid: 'a2000000' }, content: 'Just so.', index: 4 };
    const usage = { input_tokens: 3, output_tokens: 2 };
    stream.send({ event: 'done', data: { gen: 'Just so.', qid, entry, usage, version: 6 } });
    stream.end();
    await settle();
    expect(contents(sut.getSnapshot().rows)).toEqual(['Be brief.', 'Why so?', 'Just so.']);
    expect(sut.getSnapshot().rows[1]?.branch).toEqual({
      position: 2,
      count: 2,
      previous: 'q1000000',
      next: null,
    });
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));

    // The arrow back reads the old question's branch, shows it, and has the server keep it.
    sut.switchBranch('q1000000');
    await settle();
    expect(server.reads).toEqual([{ under: 'q1000000', limit: 100 }]);
    expect(contents(sut.getSnapshot().rows)).toEqual(['Be brief.', 'Why?', 'Because.']);
    expect(sut.getSnapshot().rows[1]?.branch).toEqual({
      position: 1,
      count: 2,
      previous: null,
      next: 'q2000000',
    });
    expect(server.heads).toEqual(['q1000000']);
    expect(sut.getSnapshot().log).toMatchObject({ head: 'a1000000', version: 7 });
    expect(withoutKeys(sut.getSnapshot().log)).toEqual(served(server));
  });

  it('sends an edited query again with the files the old one carried', async () => {
    const withFiles = [
      e('context', 'Be brief.', { eid: 'ctx00000' }),
      e('query', 'What is it?', { qid: 'q1', eid: 'q1000000', files: 'file0001' }),
    ];
    const { sut, server } = sessionOn(withFiles, 4);
    server.streams.push(eventStream());
    const query = sut.getSnapshot().rows[1]!;
    sut.edit(query);
    expect(await sut.save(query, 'What is it, then?', true)).toBe(true);
    await settle();
    expect(server.queries[0]).toMatchObject({ prompt: 'What is it, then?', files: ['file0001'] });
    expect(sut.getSnapshot().rows.at(-2)?.entry.attrs.files).toBe('file0001');
  });
});
