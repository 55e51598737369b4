import { z } from 'zod';
import { Id, IsoDate } from './common.js';

/** Backup: every logbook and journal of a user as one zip, and restoring one. */

export const BackupLogbook = z.object({
  logid: Id,
  title: z.string(),
  description: z.string(),
  private: z.boolean(),
  salted: z.boolean(),
  forked: z.boolean(),
  /** Where its XML is in the zip: `<jid>/<logid>.xml`. */
  path: z.string(),
  /** The eid of its active leaf (DESIGN 3a); left out by backups made before trees. */
  head: z.string().nullable().optional(),
});
export const BackupJournal = z.object({ jid: Id, title: z.string(), logbooks: z.array(BackupLogbook) });
/** `manifest.json` of a backup zip (`GET /export/`). */
export const BackupManifest = z.object({
  format: z.literal('caravanserai-backup'),
  version: z.number().int(),
  exported_at: IsoDate,
  username: z.string(),
  journals: z.array(BackupJournal),
});
export type BackupManifest = z.infer<typeof BackupManifest>;
export const BACKUP_VERSION = 1;
