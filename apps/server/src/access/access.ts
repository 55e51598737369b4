import type { UserRow } from '../../db/database.js';
import { Conflict, Forbidden, fieldError, NotFound } from '../../errors.js';
import type { JournalsRepository } from '../journals/journals.repository.js';
import type { WellsRepository } from '../wells/wells.repository.js';
import type { LogbooksRepository, LogbookWithOwner } from './logbooks.repository.js';

export const SALTED =
  'This logbook is salted: its entries cannot be changed. Fork it, or unsalt it from its settings first.';

/**
 * Who may see and change a logbook: a private one is seen by its owner only (others are told it
 * does not exist), a public one by anyone; only the owner changes it.
 */
export class LogbookAccess {
  constructor(
    private readonly logbooks: LogbooksRepository,
    private readonly journals: JournalsRepository,
    private readonly wells: WellsRepository,
  ) {}

  async readable(viewer: UserRow | null, logid: string): Promise<LogbookWithOwner> {
    const logbook = await this.logbooks.find(logid);
    if (!logbook || (logbook.private && logbook.owner_id !== viewer?.id))
      throw NotFound('Logbook not found.');
    return logbook;
  }

  async writable(user: UserRow, logid: string): Promise<LogbookWithOwner> {
    const logbook = await this.readable(user, logid);
    if (logbook.owner_id !== user.id) throw Forbidden('Only the owner can change this logbook.');
    return logbook;
  }

  async unsalted(user: UserRow, logid: string): Promise<LogbookWithOwner> {
    const logbook = await this.writable(user, logid);
    if (logbook.salted) throw Conflict(SALTED, 'salted');
    return logbook;
  }

  /** A journal or well named in a logbook write must be the writer's own. */
  async checkReferences(
    user: UserRow,
    input: { journal?: string | null; logwell?: string | null },
  ): Promise<void> {
    if (input.journal) {
      const journal = await this.journals.find(input.journal);
      if (!journal || journal.owner_id !== user.id) throw fieldError('journal', doesNotExist(input.journal));
    }
    if (input.logwell) {
      const well = await this.wells.find(input.logwell);
      if (!well || well.owner_id !== user.id) throw fieldError('logwell', doesNotExist(input.logwell));
    }
  }

  async ownsWell(user: UserRow, wellid: string | null): Promise<boolean> {
    if (!wellid) return false;
    return (await this.wells.find(wellid))?.owner_id === user.id;
  }
}

function doesNotExist(id: string): string {
  return `Invalid pk "${id}" - object does not exist.`;
}
