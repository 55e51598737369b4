import { describe, expect, it } from 'vitest';
import { backupFilename, DEFAULT_BACKUP_FILENAME } from './content-disposition';

describe('backupFilename', () => {
  it('takes the quoted file name', () => {
    expect(backupFilename('attachment; filename="caravanserai-backup-amira-2026-11-22.zip"')).toBe(
      'caravanserai-backup-amira-2026-11-22.zip',
    );
  });

  it('prefers the UTF-8 name and decodes it', () => {
    expect(backupFilename(`attachment; filename="a.zip"; filename*=UTF-8''caf%C3%A9.zip`)).toBe('café.zip');
  });

  it('takes an unquoted name and drops any folder', () => {
    expect(backupFilename('attachment; filename=../../etc/b.zip')).toBe('b.zip');
  });

  it('falls back without a header or a name', () => {
    expect(backupFilename(null)).toBe(DEFAULT_BACKUP_FILENAME);
    expect(backupFilename('attachment')).toBe(DEFAULT_BACKUP_FILENAME);
    expect(backupFilename('attachment; filename=""')).toBe(DEFAULT_BACKUP_FILENAME);
  });
});
