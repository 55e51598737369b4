import type { EntriesPage } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { documentPage } from './document-page';
import { logbookOf } from './fake-session';
import { applyWrite, type LogSnapshot, snapshotOf, withHeadKept, withOlder, withPage } from './log-snapshot';

const stored = [
  e('context', 'Be brief.', { eid: 'ctx00000' }),
  e('query', 'Why?', { qid: 'q1', eid: 'q1000000' }),
  e('gen', 'Because.', { qid: 'q1', eid: 'a1000000' }),
];

/** The page of the head's whole path over `entries` at `version`. */
const pageOf = (entries = stored, version = 5): EntriesPage =>
  documentPage(logbookOf(entries, version), null)!;
const at5: LogSnapshot = snapshotOf(pageOf(), 1);

function next(outcome: ReturnType<typeof applyWrite>): LogSnapshot {
  if (outcome.kind !== 'next') throw new Error(`Expected the next snapshot, got ${outcome.kind}.`);
  return outcome.snapshot;
}

const eids = (snapshot: LogSnapshot) => snapshot.path.map((held) => held.entry.attrs.eid);

describe('snapshotOf', () => {
  it('holds a page as the path of entries, with where each sits in the tree', () => {
    expect(at5).toEqual({
      path: expect.any(Array),
      more: false,
      before: 0,
      version: 5,
      head: 'a1000000',
      updatedAt: 1,
    });
    expect(at5.path[1]).toEqual({
      index: 1,
      entry: stored[1],
      parent: 'ctx00000',
      siblings: ['q1000000'],
      files: [],
    });
    expect(at5.path[0]?.parent).toBeNull();
  });

  it('draws an entry whose tag it does not know as context', () => {
    const page = pageOf();
    const odd = { ...page, entries: [{ ...page.entries[0]!, tag: 'note' }], more: true };
    expect(snapshotOf(odd, 2)).toMatchObject({
      more: true,
      before: 2,
      path: [{ entry: { tag: 'context' } }],
    });
  });
});

describe('withOlder', () => {
  const five = [
    ...stored,
    e('query', 'And?', { qid: 'q2', eid: 'q2000000' }),
    e('gen', 'So.', { eid: 'a2000000' }),
  ];
  const whole = pageOf(five);
  const slice = (from: number, to: number, version = 5) => ({
    ...whole,
    version,
    entries: whole.entries.slice(from, to),
    more: from > 0,
  });
  const newest = snapshotOf(slice(3, 5), 1);

  it('puts an older page that ends where the path begins before it', () => {
    const older = next(withOlder(newest, slice(1, 3)));
    expect(eids(older)).toEqual(['q1000000', 'a1000000', 'q2000000', 'a2000000']);
    expect(newest.before).toBe(3);
    expect(older).toMatchObject({ more: true, before: 1 });
    expect(older.path[2]).toBe(newest.path[0]);
    const all = next(withOlder(older, slice(0, 1)));
    expect(all.path.map((held) => held.index)).toEqual([0, 1, 2, 3, 4]);
    expect(all).toMatchObject({ more: false, before: 0 });
    expect(all.version).toBe(5);
  });

  it('is a gap for a page of another version, one that ends elsewhere, or an empty one', () => {
    expect(withOlder(newest, slice(1, 3, 6))).toEqual({ kind: 'gap' });
    expect(withOlder(newest, slice(0, 2))).toEqual({ kind: 'gap' });
    expect(withOlder(newest, slice(0, 0))).toEqual({ kind: 'gap' });
    expect(withOlder(snapshotOf({ ...whole, entries: [] }, 1), slice(0, 1))).toEqual({ kind: 'gap' });
  });
});

describe('applyWrite: appends', () => {
  const query = e('query', 'And then?', { qid: 'q2', eid: 'q2000000' });
  const answer = e('gen', 'Then tea.', { qid: 'q2', model: 'openai/gpt-4o', eid: 'a2000000' });

  it('appends a query the stream announced after the head, then its answer with its version', () => {
    const asked = next(applyWrite(at5, { kind: 'append', entry: query, index: 3 }, 10));
    expect(asked).toMatchObject({ version: 6, updatedAt: 10, head: 'q2000000', more: false });
    expect(asked.path.at(-1)).toEqual({
      index: 3,
      entry: query,
      parent: 'a1000000',
      siblings: ['q2000000'],
      files: [],
    });
    const answered = next(applyWrite(asked, { kind: 'append', entry: answer, index: 4, version: 7 }, 11));
    expect(answered).toMatchObject({ version: 7, updatedAt: 11, head: 'a2000000' });
    expect(answered.path.at(-1)).toMatchObject({ index: 4, parent: 'q2000000', siblings: ['a2000000'] });
    expect(answered.path.slice(0, 3)).toEqual(at5.path);
  });

  it('keeps the files an appended entry names', () => {
    const file = { file_id: 'file0001', name: 'a.txt', media_type: 'text/plain', size: 3, url: '/f/1' };
    const write = { kind: 'append' as const, entry: query, index: 3, version: 6, files: [file] };
    expect(next(applyWrite(at5, write, 10)).path.at(-1)?.files).toEqual([file]);
  });

  it('cuts the path after the parent an edited question names, beside the question it replaces', () => {
    const edited = e('query', 'Why so?', { qid: 'q2', parent: 'ctx00000', eid: 'q2000000' });
    const sent = next(applyWrite(at5, { kind: 'append', entry: edited, index: 3 }, 10));
    expect(eids(sent)).toEqual(['ctx00000', 'q2000000']);
    expect(sent.path[1]).toMatchObject({ parent: 'ctx00000', siblings: ['q1000000', 'q2000000'] });
    expect(sent.path[0]).toBe(at5.path[0]);
    expect(sent.head).toBe('q2000000');
  });

  it("puts an edited first question ('' for its parent) beside the first entry", () => {
    const root = e('context', 'Be long.', { parent: '', eid: 'ctx10000' });
    const sent = next(applyWrite(at5, { kind: 'append', entry: root, index: 3, version: 6 }, 10));
    expect(sent.path).toEqual([
      { index: 3, entry: root, parent: null, siblings: ['ctx00000', 'ctx10000'], files: [] },
    ]);
    // Unless the path is not held from its first entry: that one is not known here.
    expect(applyWrite({ ...at5, more: true }, { kind: 'append', entry: root, index: 3 }, 10)).toEqual({
      kind: 'gap',
    });
  });

  it('puts a new answer to a question beside its old answer (a regenerated answer)', () => {
    const again = e('gen', 'Why not.', { qid: 'q1', parent: 'q1000000', eid: 'a3000000' });
    const sent = next(applyWrite(at5, { kind: 'append', entry: again, index: 3, version: 6 }, 10));
    expect(eids(sent)).toEqual(['ctx00000', 'q1000000', 'a3000000']);
    expect(sent.path[2]).toMatchObject({ parent: 'q1000000', siblings: ['a1000000', 'a3000000'] });
  });

  // The server leaves a deleted (blank) entry out of its siblings: a new answer beside a deleted
  // one, alone under its question, has no other version to switch to.
  it('offers no deleted answer beside a new one to the same question', () => {
    const blanked = next(applyWrite(at5, { kind: 'change', index: 2, content: '', version: 6 }, 10));
    const again = e('gen', 'Why not.', { qid: 'q1', parent: 'q1000000', eid: 'a3000000' });
    const sent = next(applyWrite(blanked, { kind: 'append', entry: again, index: 3, version: 7 }, 11));
    const served = documentPage(
      logbookOf([...stored.slice(0, 2), { ...stored[2]!, content: '' }, again], 7),
      null,
    )!;
    expect(served.entries.at(-1)?.siblings).toEqual(['a3000000']);
    expect(sent.path.at(-1)?.siblings).toEqual(['a3000000']);
  });

  it('is a gap for an append with no eid, or one naming a parent the path does not hold', () => {
    const bare = e('comment', 'No eid.');
    expect(applyWrite(at5, { kind: 'append', entry: bare, index: 3, version: 6 }, 10)).toEqual({
      kind: 'gap',
    });
    const far = e('query', 'Far?', { qid: 'q2', parent: 'zzzzzzzz', eid: 'q2000000' });
    expect(applyWrite(at5, { kind: 'append', entry: far, index: 3, version: 6 }, 10)).toEqual({
      kind: 'gap',
    });
    const empty = { ...at5, path: [], head: null, more: true };
    expect(applyWrite(empty, { kind: 'append', entry: query, index: 3, version: 6 }, 10)).toEqual({
      kind: 'gap',
    });
  });

  it('is a gap when the server says it put the entry after another than the one drawn last', () => {
    const note = e('comment', 'A note.', { eid: 'note0000' });
    // The server's head was elsewhere (another tab chose a branch): the page must read what it did.
    const elsewhere = { kind: 'append', entry: note, index: 3, version: 6, follows: 'ctx00000' } as const;
    expect(applyWrite(at5, elsewhere, 10)).toEqual({ kind: 'gap' });
    const here = { ...elsewhere, follows: 'a1000000' };
    expect(eids(next(applyWrite(at5, here, 10)))).toEqual(['ctx00000', 'q1000000', 'a1000000', 'note0000']);
    // An edited first question follows nothing, as it says.
    const first = e('query', 'Why not?', { qid: 'q3', parent: '', eid: 'q3000000' });
    const root = { kind: 'append', entry: first, index: 3, version: 6, follows: null } as const;
    expect(eids(next(applyWrite(at5, root, 10)))).toEqual(['q3000000']);
  });
});

describe('applyWrite: changes and versions', () => {
  it('changes the entry at a document index, keeping the others (and their rows) as they were', () => {
    const changed = next(applyWrite(at5, { kind: 'change', index: 2, tag: 'mirage', version: 6 }, 10));
    expect(changed.path[2]?.entry).toEqual(e('mirage', 'Because.', { qid: 'q1', eid: 'a1000000' }));
    expect(changed.path[2]).toMatchObject({ index: 2, parent: 'q1000000', siblings: ['a1000000'] });
    expect(changed.path[0]).toBe(at5.path[0]);
    expect(at5.path[2]?.entry.tag).toBe('gen');
    expect(changed.head).toBe('a1000000');
  });

  it('finds the entry by its document index on a path of another branch', () => {
    const branched = [
      ...stored,
      e('query', 'Why so?', { qid: 'q2', parent: 'ctx00000', eid: 'q2000000' }),
      e('gen', 'So.', { qid: 'q2', eid: 'a2000000' }),
    ];
    const snapshot = snapshotOf(pageOf(branched), 1);
    expect(snapshot.path.map((held) => held.index)).toEqual([0, 3, 4]);
    const edited = next(
      applyWrite(snapshot, { kind: 'change', index: 4, content: 'Just so.', version: 6 }, 10),
    );
    expect(edited.path[2]?.entry.content).toBe('Just so.');
    const blanked = next(applyWrite(edited, { kind: 'change', index: 3, content: '', version: 7 }, 11));
    expect(blanked.path[1]?.entry).toMatchObject({ tag: 'query', content: '' });
  });

  it('says a write the snapshot already holds is known', () => {
    expect(applyWrite(at5, { kind: 'change', index: 2, tag: 'mirage', version: 5 }, 10)).toEqual({
      kind: 'known',
    });
    // A retried query is announced at its stored place: nothing to add.
    expect(applyWrite(at5, { kind: 'append', entry: stored[1]!, index: 1 }, 10)).toEqual({ kind: 'known' });
  });

  it('is a gap when another writer came between, or the change is to an entry not held', () => {
    // Someone else's write took version 6.
    expect(applyWrite(at5, { kind: 'change', index: 2, tag: 'mirage', version: 7 }, 10)).toEqual({
      kind: 'gap',
    });
    const late = e('comment', 'Late.', { eid: 'late0000' });
    expect(applyWrite(at5, { kind: 'append', entry: late, index: 4, version: 7 }, 10)).toEqual({
      kind: 'gap',
    });
    expect(applyWrite(at5, { kind: 'change', index: 9, content: '', version: 6 }, 10)).toEqual({
      kind: 'gap',
    });
  });
});

describe('withPage and withHeadKept', () => {
  it('takes a page read again unless it is older than the snapshot', () => {
    const newer = pageOf([...stored, e('comment', 'Hm.', { eid: 'hm000000' })], 6);
    expect(next(withPage(at5, newer, 9))).toEqual(snapshotOf(newer, 9));
    expect(next(withPage(at5, pageOf(stored, 5), 9)).updatedAt).toBe(9);
    expect(withPage(at5, pageOf(stored, 4), 9)).toEqual({ kind: 'known' });
  });

  it('moves the version on once the head is kept, and reads again when others wrote meanwhile', () => {
    expect(next(withHeadKept(at5, 6, 9))).toEqual({ ...at5, version: 6, updatedAt: 9 });
    expect(withHeadKept(at5, 5, 9)).toEqual({ kind: 'known' });
    expect(withHeadKept(at5, 7, 9)).toEqual({ kind: 'gap' });
  });
});
