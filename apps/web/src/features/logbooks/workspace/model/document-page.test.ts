import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { documentPage, pathPage, readDocument } from './document-page';
import { logbookOf } from './fake-session';

// 0 context ── 1 query Q ── 2 gen A1 ── 3 query F (a follow-up on A1)
//                        └─ 4 gen A2
//           └─ 5 query Q' (Q edited) ── 6 gen A'
const TREE = [
  e('context', 'Be brief.', { eid: 'ctx00000' }),
  e('query', 'Q', { eid: 'q0000000' }),
  e('gen', 'A1', { eid: 'a1000000' }),
  e('query', 'F', { eid: 'f0000000' }),
  e('gen', 'A2', { eid: 'a2000000', parent: 'q0000000' }),
  e('query', "Q'", { eid: 'q1000000', parent: 'ctx00000' }),
  e('gen', "A'", { eid: 'ae000000' }),
];

const indices = (page: ReturnType<typeof documentPage>) => page?.entries.map((entry) => entry.index);

describe('documentPage', () => {
  it('gives the whole path to the head as one page, each entry with its parent and siblings', () => {
    const page = documentPage(logbookOf(TREE, 9, 'f0000000'), null);
    expect(page).toMatchObject({ version: 9, head: 'f0000000', total: 4, more: false });
    expect(page?.entries[1]).toEqual({
      index: 1,
      eid: 'q0000000',
      parent: 'ctx00000',
      tag: 'query',
      attrs: { eid: 'q0000000' },
      content: 'Q',
      siblings: ['q0000000', 'q1000000'],
      files: [],
    });
    expect(page?.entries.map((entry) => [entry.parent, entry.siblings])).toEqual([
      [null, ['ctx00000']],
      ['ctx00000', ['q0000000', 'q1000000']],
      ['q0000000', ['a1000000', 'a2000000']],
      ['a1000000', ['f0000000']],
    ]);
  });

  it('takes the last entry when there is no head', () => {
    const page = documentPage(logbookOf(TREE, 9), null);
    expect(indices(page)).toEqual([0, 5, 6]);
    expect(page?.head).toBe('ae000000');
  });

  it('reads the path through another branch down to the newest entry under it', () => {
    const logbook = logbookOf(TREE, 9, 'f0000000');
    const underQ = documentPage(logbook, 'q0000000');
    expect(indices(underQ)).toEqual([0, 1, 4]);
    expect(underQ?.head).toBe('a2000000');
    expect(indices(documentPage(logbook, 'a1000000'))).toEqual([0, 1, 2, 3]);
    expect(indices(documentPage(logbook, 'ae000000'))).toEqual([0, 5, 6]);
    expect(documentPage(logbook, 'nothere0')).toBeNull();
  });

  it('leaves deleted (blank) entries out of the siblings', () => {
    const blanked = TREE.map((entry, i) => (i === 4 ? { ...entry, content: '' } : entry));
    const page = documentPage(logbookOf(blanked, 9, 'f0000000'), null);
    expect(page?.entries[2]?.siblings).toEqual(['a1000000']);
    // A blank entry on the path is not among its siblings, unless it is alone under its parent.
    expect(documentPage(logbookOf(blanked, 9, 'a2000000'), null)?.entries[2]?.siblings).toEqual(['a1000000']);
    const followUpBlanked = TREE.map((entry, i) => (i === 3 ? { ...entry, content: '' } : entry));
    expect(documentPage(logbookOf(followUpBlanked, 9, 'f0000000'), null)?.entries[3]?.siblings).toEqual([
      'f0000000',
    ]);
  });

  it('gives each entry the files it names, from the logbook’s files', () => {
    const file = (file_id: string) => ({
      file_id,
      name: `${file_id}.txt`,
      media_type: 'text/plain',
      size: 3,
      url: `/files/${file_id}`,
    });
    const entries = [
      e('query', 'What is it?', { eid: 'q0000000', files: 'file0002 file0001 gone0000' }),
      e('gen', 'A note.', { eid: 'a0000000' }),
    ];
    const page = documentPage(logbookOf(entries, 2, null, [file('file0001'), file('file0002')]), null);
    expect(page?.entries[0]?.files).toEqual([file('file0002'), file('file0001')]);
    expect(page?.entries[1]?.files).toEqual([]);
  });

  it('is empty for an empty logbook, and null for a log that cannot be read', () => {
    expect(documentPage(logbookOf([], 1), null)).toEqual({
      version: 1,
      head: null,
      total: 0,
      more: false,
      entries: [],
    });
    expect(documentPage({ ...logbookOf([], 1), log: '<logbook><gen>' }, null)).toBeNull();
  });
});

describe('readDocument and pathPage', () => {
  it('parse the log once for every path asked of it, whichever branch', () => {
    const document = readDocument(logbookOf(TREE, 9, 'f0000000'))!;
    expect(document.entries[5]?.attrs.eid).toBe('q1000000');
    expect(pathPage(document, null)).toEqual(documentPage(document.logbook, null));
    expect(pathPage(document, 'a1000000')).toEqual(documentPage(document.logbook, 'a1000000'));
    expect(readDocument({ ...document.logbook, log: '<logbook><gen>' })).toBeNull();
  });
});
