import type { PageMeta } from '../../plugins/index-page.js';
import type { ListingsService } from './listings.service.js';

const APP: Omit<PageMeta, 'noindex'> = {
  title: 'Caravanserai',
  description: 'Keep your AI conversations as portable documents you own.',
};
const GALLERY: PageMeta = {
  title: 'The Bazaar · Caravanserai',
  description: 'Logbooks people chose to share: search them, read them and fork them to build on.',
  noindex: false,
};
const LISTING_PAGE = /^\/bazaar\/([a-z0-9-]{1,120})(?:\/v\/(\d{1,7}))?\/?$/;
const DESCRIPTION_CHARS = 200;
const APP_PAGES = new Set(['wells', 'rentals']);

/**
 * What each page's HTML says of it (DESIGN 10): a public listing's title and summary, read as a
 * signed-out visitor would, in one small read (a caravan's listing says nothing of itself, a
 * withdrawn or removed one answers 410, and both ask search engines to leave them out); the
 * gallery's own words; every other page as the app's page is (null). No page of the app holds
 * anything private before it signs in.
 */
export function pageMetaOf(listings: ListingsService): (path: string) => Promise<PageMeta | null> {
  return async (path) => {
    if (path === '/bazaar' || path === '/bazaar/') return GALLERY;
    const match = LISTING_PAGE.exec(path);
    // The well market's pages are the app's own (no slug is a bare word: each ends in six random characters).
    if (!match || APP_PAGES.has(match[1]!)) return null;
    const listing = await listings.outline(match[1]!);
    if (!listing) return { ...APP, noindex: true };
    // Its page answers 410 as its API does; the app shows the tombstone.
    if (listing.gone) return { ...APP, noindex: true, status: 410 };
    return {
      title: `${listing.title} · Caravanserai Bazaar`,
      description: shorten(
        listing.summary.trim() || `A logbook by ${listing.author} in the Caravanserai Bazaar.`,
      ),
      noindex: false,
    };
  };
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_CHARS ? flat : `${flat.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…`;
}
