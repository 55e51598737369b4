import type { Report } from '@caravanserai/api';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { HttpError, NotFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { Administrators } from '../admin/administrators.js';
import { toReport } from './bazaar.presenter.js';
import { LISTING_NOT_FOUND, type ListingAccess } from './listing-access.js';
import type { ListingsRepository } from './listings.repository.js';
import type { ReportsRepository } from './reports.repository.js';

/** One user may report this many listings an hour: enough for anyone, not enough to bury the list. */
export const REPORTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Reports and moderation (DESIGN 10): anyone signed in reports a listing they can see; the
 * instance's administrators (DESIGN 11) read the reports and hide a listing or show it again.
 */
export class ModerationService {
  constructor(
    private readonly access: ListingAccess,
    private readonly listings: ListingsRepository,
    private readonly reports: ReportsRepository,
    private readonly admins: Administrators,
  ) {}

  async report(user: UserRow, listingId: string, reason: string): Promise<{ report_id: string }> {
    const listing = await this.access.shown(user, { id: listingId });
    const at = now();
    if ((await this.reports.countSince(user.id, at - HOUR_MS)) >= REPORTS_PER_HOUR)
      throw new HttpError(429, 'throttled', 'You have sent many reports this hour: try again later.');
    const report_id = newId();
    await this.reports.insert({
      report_id,
      listing_id: listing.listing_id,
      reporter_id: user.id,
      reason: reason.trim(),
      created_at: at,
    });
    return { report_id };
  }

  async list(user: UserRow): Promise<Report[]> {
    this.admins.require(user);
    return (await this.reports.list()).map(toReport);
  }

  async moderate(user: UserRow, listingId: string, hidden: boolean): Promise<void> {
    this.admins.require(user);
    const listing = await this.listings.findById(listingId);
    if (!listing) throw NotFound(LISTING_NOT_FOUND);
    if (hidden === (listing.hidden_at !== null)) return;
    await this.listings.update(listingId, { hidden_at: hidden ? now() : null });
  }
}
