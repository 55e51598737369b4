import type { FileUploaded } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import {
  type Attachment,
  anyUploading,
  roomFor,
  uploadedIds,
  without,
  withProgress,
  withUploaded,
} from './attachments';

const attachment = (key: string, uploaded: string | null = null): Attachment => ({
  key,
  file: new File(['x'], `${key}.png`, { type: 'image/png' }),
  progress: 0,
  uploaded: uploaded === null ? null : stored(uploaded),
});

function stored(file_id: string, sha256 = `sha-${file_id}`): FileUploaded {
  return { file_id, name: `${file_id}.png`, media_type: 'image/png', size: 1, sha256, kind: 'image' };
}

describe('attachments', () => {
  it('makes room for at most ten files', () => {
    const nine = Array.from({ length: 9 }, (_, n) => attachment(`k${n}`));
    expect(roomFor([], 3)).toBe(3);
    expect(roomFor(nine, 3)).toBe(1);
    expect(roomFor([...nine, attachment('k9')], 1)).toBe(0);
  });

  it('sends the uploaded ids in the order the files were attached, and waits for the rest', () => {
    let list = [attachment('a'), attachment('b'), attachment('c', 'f3')];
    expect(anyUploading(list)).toBe(true);
    list = withProgress(list, 'b', 0.5);
    expect(list[1]?.progress).toBe(0.5);
    list = withUploaded(list, 'b', stored('f2')).attached;
    list = withUploaded(list, 'a', stored('f1')).attached;
    expect(uploadedIds(list)).toEqual(['f1', 'f2', 'f3']);
    expect(anyUploading(list)).toBe(false);
    expect(uploadedIds(without(list, 'b'))).toEqual(['f1', 'f3']);
  });

  it('drops the same bytes attached twice, whatever their name', () => {
    const list = [attachment('a', 'f1'), attachment('b'), attachment('c')];
    const { attached, duplicate } = withUploaded(list, 'b', stored('f2', 'sha-f1'));
    expect(duplicate).toBe(true);
    expect(attached.map((a) => a.key)).toEqual(['a', 'c']);
    expect(withUploaded(attached, 'c', stored('f3')).duplicate).toBe(false);
  });
});
