import type { Licence, ListingCard, ListingRef, ListingVersionInfo, Report } from '@caravanserai/api';
import { iso } from '../../db/columns.js';
import type { ListingWithNames, VersionRow } from './listings.repository.js';
import type { ReportWithNames } from './reports.repository.js';
import { listingUrl } from './slug.js';

export function toListingCard(row: ListingWithNames): ListingCard {
  return {
    listing_id: row.listing_id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    topics: JSON.parse(row.topics) as string[],
    licence: row.licence as Licence,
    author: { username: row.author_username },
    caravan:
      row.caravan_id === null
        ? null
        : { caravan_id: row.caravan_id, name: row.caravan_name ?? row.caravan_id },
    version: row.latest_version,
    forks: row.forks,
    stars: row.stars,
    published: iso(row.published_at),
    updated: iso(row.updated_at),
  };
}

export function toListingRef(row: ListingWithNames): ListingRef {
  return {
    listing_id: row.listing_id,
    slug: row.slug,
    title: row.title,
    author: { username: row.author_username },
  };
}

export function toVersionInfo(row: VersionRow): ListingVersionInfo {
  return {
    version: row.version,
    sha256: row.sha256,
    entry_count: row.entry_count,
    published: iso(row.published_at),
  };
}

export function toPublished(row: { listing_id: string; slug: string }, version: number) {
  return { listing_id: row.listing_id, slug: row.slug, version, url: listingUrl(row.slug) };
}

export function toReport(row: ReportWithNames): Report {
  return {
    report_id: row.report_id,
    listing: {
      listing_id: row.listing_id,
      slug: row.slug,
      title: row.title,
      author: { username: row.author_username },
      hidden: row.hidden_at !== null,
      withdrawn: row.withdrawn_at !== null,
    },
    reporter: { username: row.reporter_username },
    reason: row.reason,
    created: iso(row.created_at),
  };
}
