import type { Readable } from 'node:stream';
import { serializeLog } from '@caravanserai/logbook';
import { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { FilesRepository } from '../files/files.repository.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import { toEntry } from '../logbooks/entry-codec.js';
import type { BackupRepository } from './backup.repository.js';
import { buildManifest, filePath } from './backup-manifest.js';

export interface Backup {
  filename: string;
  zip: Readable;
}

/**
 * Everything a user owns as one zip, streamed: `manifest.json` first, then each logbook's XML as
 * the app serialises it, then the bytes of the files they name (`files/<sha256>`), one logbook read and written at a time, so memory stays flat however many
 * logbooks there are and a slow download slows the reading down rather than piling it up.
 */
export class BackupService {
  constructor(
    private readonly backups: BackupRepository,
    private readonly entries: EntriesRepository,
    private readonly files: FilesRepository,
  ) {}

  async export(user: UserRow, log: FastifyBaseLogger): Promise<Backup> {
    const at = now();
    const files = await this.backups.files(user.id);
    const manifest = buildManifest(
      user,
      at,
      await this.backups.journals(user.id),
      await this.backups.logbooks(user.id),
      files.map(({ user_id: _, ...file }) => file),
    );
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const date = new Date(at);
    const write = async () => {
      zip.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: 'manifest.json', date });
      if (!(await appended(zip))) return;
      for (const journal of manifest.journals) {
        for (const logbook of journal.logbooks) {
          const rows = await this.entries.list(logbook.logid);
          zip.append(serializeLog(rows.map(toEntry)), { name: logbook.path, date });
          if (!(await appended(zip))) return;
        }
      }
      const written = new Set<string>();
      for (const file of files) {
        if (written.has(file.sha256)) continue;
        written.add(file.sha256);
        const bytes = await this.files.bytes(file.user_id, file.sha256);
        if (bytes === undefined) continue;
        zip.append(Buffer.from(bytes), { name: filePath(file.sha256), date });
        if (!(await appended(zip))) return;
      }
      await zip.finalize();
    };
    write().catch((error: unknown) => {
      log.error({ err: error }, 'the backup could not be written');
      zip.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const safeName = user.username.replace(/[^A-Za-z0-9._-]/g, '_');
    return { filename: `caravanserai-backup-${safeName}-${date.toISOString().slice(0, 10)}.zip`, zip };
  }
}

/** Waits until the entry is in the zip: true, or false when the download went away. */
function appended(zip: ZipArchive): Promise<boolean> {
  if (zip.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      zip.off('entry', onEntry);
      zip.off('close', onGone);
      zip.off('error', onGone);
      resolve(ok);
    };
    const onEntry = done(true);
    const onGone = done(false);
    zip.once('entry', onEntry);
    zip.once('close', onGone);
    zip.once('error', onGone);
  });
}
