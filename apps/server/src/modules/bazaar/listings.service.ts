import type { ForkListing, Gallery, GalleryQuery, Listing, Logbook, StarState } from '@caravanserai/api';
import type { Tag } from '@caravanserai/logbook';
import type { z } from 'zod';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { Forbidden, NotFound } from '../../errors.js';
import { usernameKey } from '../auth/users.repository.js';
import type { FilesService } from '../files/files.service.js';
import type { LogbooksService } from '../logbooks/logbooks.service.js';
import { parseSearch } from '../search/search-terms.js';
import { toListingCard, toListingRef, toVersionInfo } from './bazaar.presenter.js';
import type { GalleryRepository } from './gallery.repository.js';
import type { ListingAccess } from './listing-access.js';
import type { ListingsRepository, ListingWithNames } from './listings.repository.js';

type GalleryInput = z.output<typeof GalleryQuery>;
type ForkInput = z.output<typeof ForkListing>;

export interface ListingOutline {
  title: string;
  summary: string;
  author: string;
  gone: boolean;
}

const NO_VERSION = 'This listing has no such version.';

/** Reading the Bazaar and acting on a listing (DESIGN 10): the gallery, a listing's page, forks and stars. */
export class ListingsService {
  constructor(
    private readonly db: Db,
    private readonly access: ListingAccess,
    private readonly listings: ListingsRepository,
    private readonly gallery: GalleryRepository,
    private readonly logbooks: LogbooksService,
    private readonly files: FilesService,
  ) {}

  /**
   * What a signed-out visitor may know of a listing, by one small read: its title, summary and
   * author, or that it is gone (withdrawn or removed); undefined for none they may see.
   */
  async outline(slug: string): Promise<ListingOutline | undefined> {
    const listing = await this.access.known(null, { slug }).catch(() => undefined);
    if (!listing) return undefined;
    return {
      title: listing.title,
      summary: listing.summary,
      author: listing.author_username,
      gone: listing.withdrawn_at !== null || listing.hidden_at !== null,
    };
  }

  async page(viewer: UserRow | null, query: GalleryInput): Promise<Gallery> {
    const { count, ids } = await this.gallery.page({
      viewerId: viewer?.id ?? null,
      terms: parseSearch(query.q ?? ''),
      ...(query.topic ? { topic: query.topic.toLowerCase() } : {}),
      ...(query.author ? { authorKey: usernameKey(query.author) } : {}),
      sort: query.sort,
      limit: query.limit,
      offset: query.offset,
    });
    const rows = new Map((await this.listings.findMany(ids)).map((row) => [row.listing_id, row]));
    const results = ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toListingCard(row)] : [];
    });
    return { count, results };
  }

  /** A listing's page: the newest version, or the one asked for. */
  async get(viewer: UserRow | null, slug: string, version?: number): Promise<Listing> {
    const listing = await this.access.shown(viewer, { slug });
    const versions = await this.listings.versions(listing.listing_id);
    const shown = versions.find((v) => v.version === (version ?? listing.latest_version));
    if (!shown) throw NotFound(NO_VERSION);
    const [log, files, parent, starred] = await Promise.all([
      this.listings.copyLog(shown.sha256),
      this.files.ofListingVersion(listing.listing_id, shown.version),
      this.parentOf(viewer, listing),
      viewer ? this.listings.starred(listing.listing_id, viewer.id) : false,
    ]);
    const mine = viewer?.id === listing.author_id;
    return {
      ...toListingCard(listing),
      shown: toVersionInfo(shown),
      versions: versions.map(toVersionInfo),
      log,
      files,
      parent,
      starred,
      mine,
      source: mine ? { logid: listing.source_logid, include: JSON.parse(listing.include) as Tag[] } : null,
    };
  }

  /**
   * A private logbook of the forker's holding the version's copy, on no well (their own wells
   * answer it), remembering the listing it came from and naming the files the version carries, so
   * they stay readable to the forker, and go with their questions, whatever becomes of the listing.
   */
  async fork(user: UserRow, listingId: string, input: ForkInput): Promise<Logbook> {
    const listing = await this.access.shown(user, { id: listingId });
    const number = input.version ?? listing.latest_version;
    const version = (await this.listings.versions(listing.listing_id)).find((v) => v.version === number);
    if (!version) throw NotFound(NO_VERSION);
    const [log, files] = await Promise.all([
      this.listings.copyLog(version.sha256),
      this.files.ofListingVersion(listing.listing_id, number),
    ]);
    const fork = await this.logbooks.create(
      user,
      {
        title: listing.title,
        description: listing.summary,
        journal: input.journal ?? null,
        log,
        private: true,
        forked: true,
      },
      {
        from: {
          listing_id: listing.listing_id,
          slug: listing.slug,
          version: number,
          author: { username: listing.author_username },
        },
        files: files.map((file) => file.file_id),
      },
    );
    await this.listings.countFork(listing.listing_id, this.db.kysely);
    return fork;
  }

  async star(user: UserRow, listingId: string, on: boolean): Promise<StarState> {
    const listing = await this.access.shown(user, { id: listingId });
    if (on && listing.author_id === user.id) throw Forbidden('You cannot star your own listing.');
    const stars = await this.db.kysely
      .transaction()
      .execute((trx) => this.listings.setStar(listing.listing_id, user.id, on, now(), trx));
    return { stars, starred: on };
  }

  /** The listing this one's logbook was forked from, when the viewer may know of it. */
  private async parentOf(viewer: UserRow | null, listing: ListingWithNames) {
    if (listing.parent_listing_id === null) return null;
    const parent = await this.access.known(viewer, { id: listing.parent_listing_id }).catch(() => null);
    return parent ? toListingRef(parent) : null;
  }
}
