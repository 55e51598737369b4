import type { EntryFile } from '@caravanserai/api';
import { entry as e } from '@caravanserai/test-kit/factories';
import { describe, expect, it } from 'vitest';
import { entryFiles, knownFiles, lookOf } from './entry-files';

const file = (file_id: string, media_type = 'image/png'): EntryFile => ({
  file_id,
  name: `${file_id}.bin`,
  media_type,
  size: 10,
  url: `/api/files/${file_id}/`,
});

describe('entryFiles', () => {
  it('resolves the ids of the files attribute in order, passing over unknown ones', () => {
    const known = knownFiles([file('a1'), file('b2', 'application/pdf')], [file('c3')]);
    const entry = e('query', 'Look', { qid: 'q', files: 'c3 zz a1  b2' });
    expect(entryFiles(entry, known).map((f) => f.file_id)).toEqual(['c3', 'a1', 'b2']);
  });

  it('finds none on an entry without the attribute', () => {
    const entry = e('query', 'Plain', { qid: 'q' });
    expect(entryFiles(entry, knownFiles([file('a1')]))).toEqual([]);
  });

  it('keeps the later of two lists when both know an id', () => {
    const renamed = { ...file('a1'), name: 'renamed.png' };
    expect(knownFiles([file('a1')], [renamed]).get('a1')?.name).toBe('renamed.png');
  });
});

describe('lookOf', () => {
  it('shows images as pictures and the rest as downloads', () => {
    expect(lookOf({ media_type: 'image/webp' })).toBe('image');
    expect(lookOf({ media_type: 'application/pdf' })).toBe('download');
    expect(lookOf({ media_type: 'text/markdown' })).toBe('download');
  });
});
