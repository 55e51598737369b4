import { GALLERY_SORTS } from '@caravanserai/api';

export type GallerySort = (typeof GALLERY_SORTS)[number];

/** The sorts as the gallery names them. */
export const SORT_LABELS: Record<GallerySort, string> = {
  new: 'Newest',
  forks: 'Most forked',
  stars: 'Most starred',
};

/** What the gallery shows, as kept in its URL (`?q=&topic=&sort=`). */
export interface GalleryParams {
  q: string;
  topic: string;
  sort: GallerySort;
}

const isSort = (value: string | null): value is GallerySort =>
  value !== null && (GALLERY_SORTS as readonly string[]).includes(value);

export function readGalleryParams(url: URLSearchParams): GalleryParams {
  const sort = url.get('sort');
  return {
    q: (url.get('q') ?? '').trim(),
    topic: (url.get('topic') ?? '').trim().toLowerCase(),
    sort: isSort(sort) ? sort : 'new',
  };
}

/** The URL's query of these params: empty ones and the default sort left out. */
export function galleryParamsRecord(params: GalleryParams): Record<string, string> {
  const record: Record<string, string> = {};
  if (params.q) record.q = params.q;
  if (params.topic) record.topic = params.topic;
  if (params.sort !== 'new') record.sort = params.sort;
  return record;
}
