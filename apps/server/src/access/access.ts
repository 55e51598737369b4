import type { MapperProfileRow, UserRow } from '../db/database.js';
import { Conflict, Forbidden, fieldError, NotFound } from '../errors.js';
import type { JournalsRepository, JournalWithOwner } from '../modules/journals/journals.repository.js';
import type { LogbooksRepository, LogbookWithOwner } from '../modules/logbooks/logbooks.repository.js';
import type { MapperProfilesRepository } from '../modules/mapper-profiles/mapper-profiles.repository.js';
import type { WellsRepository, WellWithOwner } from '../modules/wells/wells.repository.js';
import type { CaravanAccess } from './caravan-access.js';

const SALTED =
  'This logbook is salted: its entries cannot be changed. Fork it, or unsalt it from its settings first.';

/**
 * The salting rule, in one place: a salted logbook keeps its entries (it is read, forked or
 * unsalted, never edited). Every path that changes entries (tag submit, log writes, queries,
 * re-imports) is refused with this same 409; the repositories' `salted = 0` guards only fence off
 * a logbook salted between this check and the write.
 */
export function refuseIfSalted(logbook: { salted: number }): void {
  if (logbook.salted) throw Conflict(SALTED, 'salted');
}

/** The rule every kind of row shares: it is its owner's. Membership rules will sit beside it. */
export function owns(user: UserRow | null, row: { owner_id: number } | undefined): boolean {
  return user !== null && row !== undefined && row.owner_id === user.id;
}

/** The Django REST framework's words for a related id that names nothing the caller may use. */
export function doesNotExist(id: string): string {
  return `Invalid pk "${id}" - object does not exist.`;
}

/**
 * Who may see and change what, in one place: every service asks here before it reads or writes
 * a row on someone's behalf. Each check reads the row once and hands it back, so the caller
 * never reads it again.
 *
 * - A logbook: a private one is seen by its owner only (others are told it does not exist), a
 *   public one by anyone; only the owner changes it, and a salted one keeps its entries.
 * - Journals, wells and Mapper profiles are their owner's only: anyone else is told they do not
 *   exist, so ids leak nothing. A well a caravan shares is also used (never changed: 403) by the
 *   caravan's members; caravan membership itself is caravan-access.ts beside this file.
 * - Payments: see payment-access.ts beside this file (it asks Stripe who owns a card).
 */
export class Access {
  constructor(
    private readonly logbooks: LogbooksRepository,
    private readonly journals: JournalsRepository,
    private readonly wells: WellsRepository,
    private readonly mapperProfiles: MapperProfilesRepository,
    readonly caravans: CaravanAccess,
  ) {}

  async readableLogbook(viewer: UserRow | null, logid: string): Promise<LogbookWithOwner> {
    const logbook = await this.logbooks.find(logid);
    if (!logbook || (logbook.private && !owns(viewer, logbook))) throw NotFound('Logbook not found.');
    return logbook;
  }

  async writableLogbook(user: UserRow, logid: string): Promise<LogbookWithOwner> {
    const logbook = await this.readableLogbook(user, logid);
    if (!owns(user, logbook)) throw Forbidden('Only the owner can change this logbook.');
    return logbook;
  }

  /** A logbook the viewer may fork: one they can read, and salted (a fork copies a frozen log). */
  async forkableLogbook(viewer: UserRow, logid: string): Promise<LogbookWithOwner> {
    const logbook = await this.readableLogbook(viewer, logid);
    if (!logbook.salted) throw Conflict('Only salted logbooks can be forked.', 'not_salted');
    return logbook;
  }

  /** A logbook whose entries the user may change now. */
  async unsaltedLogbook(user: UserRow, logid: string): Promise<LogbookWithOwner> {
    const logbook = await this.writableLogbook(user, logid);
    refuseIfSalted(logbook);
    return logbook;
  }

  async ownJournal(user: UserRow, jid: string): Promise<JournalWithOwner> {
    const journal = await this.journals.find(jid);
    if (!journal || !owns(user, journal)) throw NotFound('Journal not found.');
    return journal;
  }

  /** The user's well; named in a request body (`field`), anything else is a 400 on that field. */
  async ownWell(user: UserRow, wellid: string, field?: string): Promise<WellWithOwner> {
    const well = await this.wells.findWithOwner(wellid);
    if (!well || !owns(user, well))
      throw field ? fieldError(field, 'Well not found.') : NotFound('Well not found.');
    return well;
  }

  /** The user's well to change or delete: a well shared with them is 403, any other 404. */
  async changeableWell(user: UserRow, wellid: string): Promise<WellWithOwner> {
    const well = await this.wells.findWithOwner(wellid);
    if (well && owns(user, well)) return well;
    if (well && (await this.caravans.sharedOrRented(user, wellid)))
      throw Forbidden('Only the owner can change this well.');
    throw NotFound('Well not found.');
  }

  async ownMapperProfile(user: UserRow, id: string): Promise<MapperProfileRow> {
    const profile = await this.mapperProfiles.find(id);
    if (!profile || !owns(user, profile)) throw NotFound('Profile not found.');
    return profile;
  }

  /** Whether the user may use this well (a fork keeps its source's well only then). */
  async mayUseWell(user: UserRow, wellid: string | null): Promise<boolean> {
    if (wellid === null) return false;
    return owns(user, await this.wells.find(wellid)) || this.caravans.sharedOrRented(user, wellid);
  }

  /**
   * A journal named in a logbook write must be the writer's own, a well theirs, shared with them
   * by a caravan or rented by them (else a 400 on that field).
   */
  async checkReferences(
    user: UserRow,
    input: { journal?: string | null; logwell?: string | null },
  ): Promise<void> {
    if (input.journal && !owns(user, await this.journals.find(input.journal)))
      throw fieldError('journal', doesNotExist(input.journal));
    if (input.logwell && !(await this.mayUseWell(user, input.logwell)))
      throw fieldError('logwell', doesNotExist(input.logwell));
  }
}
