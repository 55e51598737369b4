import { type ListingCard, pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { GALLERY_PAGE, useGallery } from '../api/get-gallery';
import { GalleryResults } from './gallery-results';

const GALLERY_URL = `${window.location.origin}${apiPrefix}${pathOf(routes.bazaar.gallery)}`;

const card = (n: number): ListingCard => ({
  listing_id: `L${n}`,
  slug: `routes-${n}`,
  title: `Routes ${n}`,
  summary: '',
  topics: ['trade'],
  licence: 'CC0-1.0',
  author: { username: 'amina' },
  caravan: null,
  version: 1,
  forks: n,
  stars: 0,
  published: '2026-03-01T09:00:00.000Z',
  updated: '2026-03-01T09:00:00.000Z',
});

/** Listings the server holds: one page and a few more. */
const ALL = Array.from({ length: GALLERY_PAGE + 3 }, (_, i) => card(i + 1));
/** The query of each gallery request, in order. */
const asked: URLSearchParams[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    if (`${url.origin}${url.pathname}` !== GALLERY_URL) return jsonResponse(404, { detail: 'Not found.' });
    asked.push(url.searchParams);
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    return jsonResponse(200, { count: ALL.length, results: ALL.slice(offset, offset + limit) });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Gallery() {
  const gallery = useGallery({ topic: 'trade', sort: 'forks' });
  return (
    <GalleryResults
      gallery={gallery}
      topicHref={(topic) => `/bazaar/?topic=${topic}`}
      empty="None"
      searched
    />
  );
}

describe('GalleryResults', () => {
  it('shows the first page with the count, and the next page under it on More', async () => {
    renderInApp(<Gallery />);
    await screen.findByRole('article', { name: 'Routes 1' });
    expect(screen.getByText(`${ALL.length} listings found`)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(GALLERY_PAGE);
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      topic: 'trade',
      sort: 'forks',
      limit: String(GALLERY_PAGE),
      offset: '0',
    });

    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByRole('article', { name: `Routes ${ALL.length}` });
    expect(screen.getAllByRole('article')).toHaveLength(ALL.length);
    expect(asked[1]?.get('offset')).toBe(String(GALLERY_PAGE));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More' })).toBeNull());
  });

  it('links each card’s topics to the gallery of that topic', async () => {
    renderInApp(<Gallery />);
    const first = await screen.findByRole('article', { name: 'Routes 1' });
    expect(within(first).getByRole('link', { name: '#trade' }).getAttribute('href')).toBe(
      '/bazaar/?topic=trade',
    );
    expect(within(first).getByRole('link', { name: 'Routes 1' }).getAttribute('href')).toBe(
      '/bazaar/routes-1',
    );
  });
});
