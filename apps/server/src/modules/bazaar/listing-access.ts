import { iso } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { Forbidden, Gone, NotFound } from '../../errors.js';
import type { CaravansRepository } from '../caravans/caravans.repository.js';
import type { ListingsRepository, ListingWithNames } from './listings.repository.js';

export const LISTING_NOT_FOUND = 'Listing not found.';
export const WITHDRAWN = 'This listing was withdrawn by its author.';
export const REMOVED = 'Removed by the moderators.';

/**
 * Who may see a listing, in one place (DESIGN 10): anyone, signed in or not, unless it is a
 * caravan's (its members only; anyone else is told it does not exist). A withdrawn or hidden one
 * answers 410 with its tombstone to whoever could have seen it.
 */
export class ListingAccess {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly caravans: CaravansRepository,
  ) {}

  /** The listing if the viewer may know of it, withdrawn or hidden ones included; 404 otherwise. */
  async known(viewer: UserRow | null, find: { id: string } | { slug: string }): Promise<ListingWithNames> {
    const listing =
      'id' in find ? await this.listings.findById(find.id) : await this.listings.findBySlug(find.slug);
    if (!listing) throw NotFound(LISTING_NOT_FOUND);
    if (listing.caravan_id !== null && listing.author_id !== viewer?.id) {
      if (viewer === null || !(await this.caravans.membership(listing.caravan_id, viewer.id)))
        throw NotFound(LISTING_NOT_FOUND);
    }
    return listing;
  }

  /** A listing the viewer may see and use now: 410 once withdrawn or hidden. */
  async shown(viewer: UserRow | null, find: { id: string } | { slug: string }): Promise<ListingWithNames> {
    const listing = await this.known(viewer, find);
    refuseIfGone(listing);
    return listing;
  }

  /** A listing of the user's own; 403 for anyone else's they may see. */
  async authored(user: UserRow, listingId: string): Promise<ListingWithNames> {
    const listing = await this.known(user, { id: listingId });
    if (listing.author_id !== user.id) throw Forbidden('Only the author can change this listing.');
    return listing;
  }
}

/** 410 with the tombstone for a withdrawn or removed listing. */
export function refuseIfGone(listing: ListingWithNames): void {
  const gone = listing.withdrawn_at ?? listing.hidden_at;
  if (gone === null) return;
  throw Gone(listing.withdrawn_at !== null ? WITHDRAWN : REMOVED, {
    title: listing.title,
    author: { username: listing.author_username },
    date: iso(gone),
  });
}
