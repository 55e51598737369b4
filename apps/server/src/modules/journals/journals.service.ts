import type { Journal, JournalSummary, JournalWrite } from '@caravanserai/api';
import type { UserRow } from '../../db/database.js';
import { NotFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import type { LogbooksRepository } from '../logbooks/logbooks.repository.js';
import { toJournal, toJournalSummary } from './journals.mapper.js';
import type { JournalsRepository, JournalWithOwner } from './journals.repository.js';

/** Journals are private to their owner: anyone else is told they do not exist. */
export class JournalsService {
  constructor(
    private readonly journals: JournalsRepository,
    private readonly logbooks: LogbooksRepository,
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
      created_at: at,
      modified_at: at,
    });
    return this.get(user, jid);
  }

  async get(user: UserRow, jid: string): Promise<Journal> {
    const journal = await this.ownJournal(user, jid);
    return toJournal(journal, await this.logbooks.listByJournal(jid));
  }

  async update(user: UserRow, jid: string, input: JournalWrite): Promise<Journal> {
    await this.ownJournal(user, jid);
    await this.journals.update(jid, { title: input.title, modified_at: now() });
    return this.get(user, jid);
  }

  /** The journal goes; its logbooks stay, no longer filed in it (the foreign key sets them loose). */
  async remove(user: UserRow, jid: string): Promise<void> {
    await this.ownJournal(user, jid);
    await this.journals.delete(jid);
  }

  /** The journal if `user` owns it; used by logbooks to check the journal they are filed in. */
  async ownJournal(user: UserRow, jid: string): Promise<JournalWithOwner> {
    const journal = await this.journals.find(jid);
    if (!journal || journal.owner_id !== user.id) throw NotFound('Journal not found.');
    return journal;
  }
}
