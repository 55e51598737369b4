import type { Journal, JournalPatch, JournalSummary, JournalWrite } from '@caravanserai/api';
import type { Access } from '../../access/access.js';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { LogbooksRepository } from '../logbooks/logbooks.repository.js';
import { toJournal, toJournalSummary } from './journals.presenter.js';
import type { JournalsRepository } from './journals.repository.js';

/** Journals are private to their owner: anyone else is told they do not exist. */
export class JournalsService {
  constructor(
    private readonly journals: JournalsRepository,
    private readonly logbooks: LogbooksRepository,
    private readonly access: Access,
  ) {}

  async list(user: UserRow): Promise<JournalSummary[]> {
    return (await this.journals.listByOwner(user.id)).map(toJournalSummary);
  }

  async create(user: UserRow, input: JournalWrite): Promise<Journal> {
    const at = now();
    const jid = newId();
    await this.journals.insert({
      jid,
      owner_id: user.id,
      title: input.title,
      instructions: input.instructions ?? '',
      created_at: at,
      modified_at: at,
    });
    return this.get(user, jid);
  }

  async get(user: UserRow, jid: string): Promise<Journal> {
    const journal = await this.access.ownJournal(user, jid);
    return toJournal(journal, await this.logbooks.listByJournal(jid));
  }

  /** PUT and PATCH: the fields given change; a PATCH with none changes nothing. */
  async update(user: UserRow, jid: string, input: JournalPatch): Promise<Journal> {
    await this.access.ownJournal(user, jid);
    const patch = {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.instructions !== undefined && { instructions: input.instructions }),
    };
    if (Object.keys(patch).length > 0) await this.journals.update(jid, { ...patch, modified_at: now() });
    return this.get(user, jid);
  }

  /** The journal goes; its logbooks stay, no longer filed in it (the foreign key sets them loose). */
  async remove(user: UserRow, jid: string): Promise<void> {
    await this.access.ownJournal(user, jid);
    await this.journals.delete(jid);
  }
}
