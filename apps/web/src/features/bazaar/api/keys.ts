import type { GalleryQuery } from '@caravanserai/api';

/** What the gallery is asked for, paging aside. */
export type GalleryFilter = Pick<GalleryQuery, 'q' | 'topic' | 'author' | 'sort'>;

/** Every Bazaar query lives under this root, so a publish, fork or withdraw refreshes them all. */
export const bazaarKeys = {
  all: ['bazaar'] as const,
  gallery: (filter: GalleryFilter) => [...bazaarKeys.all, 'gallery', filter] as const,
  listings: () => [...bazaarKeys.all, 'listing'] as const,
  /** A listing's page: its newest version (`null`) or version `version`. */
  listing: (slug: string, version: number | null) => [...bazaarKeys.listings(), slug, version] as const,
  reports: () => [...bazaarKeys.all, 'reports'] as const,
};
