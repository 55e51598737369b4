import { BACKUP_VERSION, type BackupFile, type BackupJournal, type BackupManifest } from '@caravanserai/api';
import type { z } from 'zod';
import { bool, iso } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { UNFILED_JID } from '../imports/import-journals.js';
import { toModelSettings } from '../logbooks/logbooks.presenter.js';

type Journal = z.infer<typeof BackupJournal>;

interface LogbookFields {
  logid: string;
  jid: string | null;
  title: string;
  description: string;
  private: number;
  salted: number;
  forked: number;
  memory: number;
  head: string | null;
  temperature: number | null;
  max_output_tokens: number | null;
  reasoning_effort: string | null;
}

/** Where a file's bytes are in the zip: once per content, however many files share them. */
export const filePath = (sha256: string) => `files/${sha256}`;

/**
 * The backup's `manifest.json`: every journal with its logbooks' fields and where each log is in
 * the zip. Logbooks in no journal are listed under the journal id `_unfiled` (no real id has an
 * underscore), which a restore leaves in no journal again.
 */
export function buildManifest(
  user: Pick<UserRow, 'username' | 'instructions' | 'memory_default' | 'auto_titles'>,
  at: number,
  journals: readonly { jid: string; title: string; instructions: string }[],
  logbooks: readonly LogbookFields[],
  files: readonly Omit<BackupFile, 'path'>[] = [],
): BackupManifest {
  const byJid = new Map<string, Journal>(
    journals.map((j) => [j.jid, { jid: j.jid, title: j.title, instructions: j.instructions, logbooks: [] }]),
  );
  const unfiled: Journal = { jid: UNFILED_JID, title: '', logbooks: [] };
  for (const logbook of logbooks) {
    const journal = (logbook.jid !== null && byJid.get(logbook.jid)) || unfiled;
    journal.logbooks.push({
      logid: logbook.logid,
      title: logbook.title,
      description: logbook.description,
      private: bool(logbook.private),
      salted: bool(logbook.salted),
      forked: bool(logbook.forked),
      memory: bool(logbook.memory),
      settings: toModelSettings(logbook),
      path: `${journal.jid}/${logbook.logid}.xml`,
      head: logbook.head,
    });
  }
  return {
    format: 'caravanserai-backup',
    version: BACKUP_VERSION,
    exported_at: iso(at),
    username: user.username,
    account: {
      instructions: user.instructions,
      memory_default: bool(user.memory_default),
      auto_titles: bool(user.auto_titles),
    },
    journals: [...byJid.values(), ...(unfiled.logbooks.length > 0 ? [unfiled] : [])],
    files: files.map((file) => ({ ...file, path: filePath(file.sha256) })),
  };
}
