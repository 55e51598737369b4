import type { ImportFormat } from '@caravanserai/api';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { JournalsRepository } from '../journals/journals.repository.js';
import { cleanTitle } from './conversation-check.js';
import type { JournalFor } from './conversation-writer.js';

/** A backup's manifest files the logbooks that were in no journal under this id. */
export const UNFILED_JID = '_unfiled';

const SOURCE_NAMES: Record<ImportFormat, string> = {
  chatgpt: 'ChatGPT',
  claude: 'Claude',
  'open-webui': 'Open WebUI',
  librechat: 'LibreChat',
  'caravanserai-xml': 'Logbook',
  'caravanserai-json': 'Logbook',
  'caravanserai-backup': 'Backup',
};

/** "ChatGPT import 2026-11-22": the journal an import files into when none is named. */
export function importJournalTitle(format: ImportFormat, at: Date): string {
  return `${SOURCE_NAMES[format]} import ${at.toISOString().slice(0, 10)}`;
}

/** The journals an import job made, kept with the job, so a run taken over files beside them. */
export interface MadeJournals {
  /** What earlier runs of the job made: {key: jid}. */
  known: Record<string, string>;
  /** Keeps the whole map, before the journal it adds is made. */
  keep(made: Record<string, string>): Promise<void>;
}

/**
 * Chooses each new logbook's journal: the one the user named; else, for a backup, a new journal
 * per journal of the backup (its logbooks that were in none stay in none); else one new journal
 * named after the source and the date. Journals are made on first use, so an import that only
 * finds what it imported before leaves no empty journal behind. With `made`, each new journal's
 * id is kept with the job before it is made, and a later run of the job uses it (making it if the
 * earlier run stopped in between).
 */
export function journalChooser(
  journals: JournalsRepository,
  user: UserRow,
  given: string | null,
  format: ImportFormat,
  made?: MadeJournals,
): JournalFor {
  const chosen = new Map<string, Promise<string>>();
  const known = { ...made?.known };
  const ensure = async (key: string, title: string, instructions?: string) => {
    const earlier = known[key];
    if (earlier !== undefined) {
      if (!(await journals.find(earlier))) await create(journals, user, title, instructions, earlier);
      return earlier;
    }
    const jid = newId();
    if (made) {
      known[key] = jid;
      await made.keep({ ...known });
    }
    await create(journals, user, title, instructions, jid);
    return jid;
  };
  const make = (key: string, title: string, instructions?: string) => {
    let jid = chosen.get(key);
    if (!jid) {
      jid = ensure(key, title, instructions);
      chosen.set(key, jid);
    }
    return jid;
  };
  return async (conversation) => {
    if (given) return given;
    const source = conversation.journal;
    if (source) {
      if (source.source_jid === UNFILED_JID) return null;
      const title = cleanTitle(source.title, 'Restored journal');
      return make(`backup:${source.source_jid}`, title, source.instructions);
    }
    return make('import', importJournalTitle(format, new Date()));
  };
}

/** A new journal; an import's has no instructions, a restored one those it was backed up with. */
async function create(
  journals: JournalsRepository,
  user: UserRow,
  title: string,
  instructions: string | undefined,
  jid: string,
): Promise<void> {
  const at = now();
  await journals.insert({
    jid,
    owner_id: user.id,
    title,
    instructions: instructions ?? '',
    created_at: at,
    modified_at: at,
  });
}
