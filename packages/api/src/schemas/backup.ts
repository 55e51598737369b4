import { z } from 'zod';
import { Id, IsoDate } from './common.js';
import { ModelSettings } from './model-settings.js';

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
  /** Whether its queries send the conversation; left out by backups made before it was kept. */
  memory: z.boolean().optional(),
  /** How its queries ask the model (DESIGN 12); left out by backups made before it was kept. */
  settings: ModelSettings.optional(),
});
export const BackupJournal = z.object({
  jid: Id,
  title: z.string(),
  /** Left out by backups made before journals had instructions: restored as none. */
  instructions: z.string().optional(),
  logbooks: z.array(BackupLogbook),
});
/** The owner's settings for asking (DESIGN 12). */
export const BackupAccount = z.object({
  instructions: z.string(),
  memory_default: z.boolean(),
  auto_titles: z.boolean(),
});
export type BackupAccount = z.infer<typeof BackupAccount>;
/** A file the backup's logbooks name (DESIGN 3a): its bytes are `path` (`files/<sha256>`) in the zip. */
export const BackupFile = z.object({
  file_id: Id,
  name: z.string(),
  media_type: z.string(),
  size: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  path: z.string(),
});
export type BackupFile = z.infer<typeof BackupFile>;

/** `manifest.json` of a backup zip (`GET /export/`). */
export const BackupManifest = z.object({
  format: z.literal('caravanserai-backup'),
  version: z.number().int(),
  exported_at: IsoDate,
  username: z.string(),
  /** Left out by backups made before these settings: a restore leaves the account's as they are. */
  account: BackupAccount.optional(),
  journals: z.array(BackupJournal),
  /** Left out by backups made before files. */
  files: z.array(BackupFile).optional(),
});
export type BackupManifest = z.infer<typeof BackupManifest>;
export const BACKUP_VERSION = 1;
