import type { Access } from '../../access/access.js';
import type { Db } from '../../db/dialect.js';
import type { WorkerPool } from '../../workers/worker-pool.js';
import type { Administrators } from '../admin/administrators.js';
import type { CaravansRepository } from '../caravans/caravans.repository.js';
import type { FilesService } from '../files/files.service.js';
import type { EntriesRepository } from '../logbooks/entries.repository.js';
import type { LogbooksRepository } from '../logbooks/logbooks.repository.js';
import type { LogbooksService } from '../logbooks/logbooks.service.js';
import { GalleryRepository } from './gallery.repository.js';
import { ListingAccess } from './listing-access.js';
import { ListingsRepository } from './listings.repository.js';
import { ListingsService } from './listings.service.js';
import { ModerationService } from './moderation.service.js';
import { PublishingService } from './publishing.service.js';
import { ReportsRepository } from './reports.repository.js';

export interface Bazaar {
  publishing: PublishingService;
  listings: ListingsService;
  moderation: ModerationService;
}

export interface BazaarParts {
  db: Db;
  access: Access;
  admins: Administrators;
  caravans: CaravansRepository;
  logbooksRepo: LogbooksRepository;
  entriesRepo: EntriesRepository;
  logbooks: LogbooksService;
  files: FilesService;
  workers: WorkerPool;
}

/** The Bazaar's services over one set of repositories (DESIGN 10). */
export function createBazaar(parts: BazaarParts): Bazaar {
  const { db } = parts;
  const listings = new ListingsRepository(db.kysely);
  const gallery = new GalleryRepository(db);
  const listingAccess = new ListingAccess(listings, parts.caravans);
  return {
    publishing: new PublishingService(
      db,
      parts.access,
      listingAccess,
      listings,
      gallery,
      parts.logbooksRepo,
      parts.entriesRepo,
      parts.files,
      parts.workers,
    ),
    listings: new ListingsService(db, listingAccess, listings, gallery, parts.logbooks, parts.files),
    moderation: new ModerationService(
      listingAccess,
      listings,
      new ReportsRepository(db.kysely),
      parts.admins,
    ),
  };
}
