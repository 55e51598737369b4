import { serializeLog } from '@caravanserai/logbook';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { applyWrite, type LogSnapshot, snapshotOf } from './log-snapshot';

const stored = [
  e('context', 'Be brief.'),
  e('query', 'Why?', { qid: 'q1' }),
  e('gen', 'Because.', { qid: 'q1' }),
];
const at5: LogSnapshot = { entries: stored, version: 5, updatedAt: 1, head: null };

describe('snapshotOf', () => {
  it('parses the log once into entries at their stored positions', () => {
    expect(snapshotOf(serializeLog(stored), 5, 1, null)).toEqual(at5);
  });

  it('gives null entries for a log that is not valid XML', () => {
    expect(snapshotOf('<logbook><gen>', 2, 1, null).entries).toBeNull();
  });
});

describe('applyWrite', () => {
  const query = e('query', 'And then?', { qid: 'q2' });
  const answer = e('gen', 'Then tea.', { qid: 'q2', model: 'openai/gpt-4o' });

  it('appends a query the stream announced, then its answer with the version it produced', () => {
    const asked = applyWrite(at5, { kind: 'append', entry: query, index: 3 }, 10);
    expect(asked).toEqual({
      kind: 'next',
      snapshot: { entries: [...stored, query], version: 6, updatedAt: 10, head: null },
    });
    if (asked.kind !== 'next') return;
    const answered = applyWrite(asked.snapshot, { kind: 'append', entry: answer, index: 4, version: 7 }, 11);
    expect(answered).toEqual({
      kind: 'next',
      snapshot: { entries: [...stored, query, answer], version: 7, updatedAt: 11, head: null },
    });
  });

  it('keeps the entries it did not touch, so their rows keep their identity', () => {
    const next = applyWrite(at5, { kind: 'change', index: 2, tag: 'mirage', version: 6 }, 10);
    if (next.kind !== 'next') throw new Error(next.kind);
    expect(next.snapshot.entries?.[2]).toEqual(e('mirage', 'Because.', { qid: 'q1' }));
    expect(next.snapshot.entries?.[0]).toBe(stored[0]);
    expect(at5.entries?.[2]?.tag).toBe('gen');
  });

  it('edits and blanks content in place', () => {
    const edited = applyWrite(at5, { kind: 'change', index: 1, content: 'Why not?', version: 6 }, 10);
    expect(edited.kind === 'next' && edited.snapshot.entries?.[1]).toEqual(
      e('query', 'Why not?', { qid: 'q1' }),
    );
  });

  it('says a write the snapshot already holds is known', () => {
    expect(applyWrite(at5, { kind: 'change', index: 2, tag: 'mirage', version: 5 }, 10)).toEqual({
      kind: 'known',
    });
    // A retried query is announced at its stored position: nothing to add.
    expect(applyWrite(at5, { kind: 'append', entry: stored[1]!, index: 1 }, 10)).toEqual({ kind: 'known' });
  });

  it('reports a gap when another writer came between', () => {
    // Someone else's write took version 6.
    expect(applyWrite(at5, { kind: 'change', index: 2, tag: 'mirage', version: 7 }, 10)).toEqual({
      kind: 'gap',
    });
    // Someone else appended first: this entry did not land at the end of what the page knows.
    expect(applyWrite(at5, { kind: 'append', entry: answer, index: 4, version: 6 }, 10)).toEqual({
      kind: 'gap',
    });
    expect(applyWrite(at5, { kind: 'change', index: 9, content: '', version: 6 }, 10)).toEqual({
      kind: 'gap',
    });
    expect(applyWrite({ ...at5, entries: null }, { kind: 'append', entry: query, index: 0 }, 10)).toEqual({
      kind: 'gap',
    });
  });
});
