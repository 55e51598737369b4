import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bazaarKeys, type GalleryFilter } from './keys';

/** Cards asked for at a time; "More" asks for the next as many. */
export const GALLERY_PAGE = 24;

/** `GET /bazaar/listings/`: one page of the gallery, public (signed out too). */
export const getGallery = (filter: GalleryFilter, offset: number) =>
  api.bazaar.gallery({ ...filter, limit: GALLERY_PAGE, offset });

/**
 * The gallery's pages so far: the first at once, each next one on `fetchNextPage` while `count`
 * says there are more. The last answer stays on screen while a new search's is on its way.
 */
export function useGallery(filter: GalleryFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: bazaarKeys.gallery(filter),
    queryFn: ({ pageParam }) => getGallery(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && seen < last.count ? seen : undefined;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
