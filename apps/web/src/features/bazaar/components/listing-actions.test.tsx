import { type Listing, type Logbook, NO_MODEL_SETTINGS, pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { ListingActions } from './listing-actions';

const api = (path: string) => `${window.location.origin}${apiPrefix}${path}`;
const STAR_URL = api(pathOf(routes.bazaar.star, { listing_id: 'L1' }));
const LISTING_URL = api(pathOf(routes.bazaar.withdraw, { listing_id: 'L1' }));
const FORK_URL = api(pathOf(routes.bazaar.fork, { listing_id: 'L1' }));

const version = {
  version: 2,
  sha256: 'ab'.repeat(32),
  entry_count: 3,
  published: '2026-03-02T09:00:00.000Z',
};
const listing = (changes: Partial<Listing> = {}): Listing => ({
  listing_id: 'L1',
  slug: 'caravan-routes',
  title: 'Caravan routes',
  summary: 'Stages from Merv to Bukhara.',
  topics: ['trade'],
  licence: 'CC-BY-4.0',
  author: { username: 'amina' },
  caravan: null,
  version: 2,
  forks: 1,
  stars: 4,
  published: '2026-03-01T09:00:00.000Z',
  updated: '2026-03-02T09:00:00.000Z',
  shown: version,
  versions: [{ ...version, version: 1 }, version],
  log: '<log version="1"></log>',
  files: [],
  parent: null,
  starred: false,
  mine: false,
  source: null,
  ...changes,
});

/** The private logbook a fork makes. */
const fork: Logbook = {
  logid: 'fork1',
  jid: null,
  journal: null,
  logwell: null,
  title: 'Caravan routes',
  description: '',
  private: true,
  salted: false,
  forked: true,
  memory: false,
  owner: { username: 'bilal' },
  version: 1,
  entry_count: 0,
  created: '2026-03-03T09:00:00.000Z',
  modified: '2026-03-03T09:00:00.000Z',
  log: '<log version="1"></log>',
  well: null,
  head: null,
  files: [],
  settings: NO_MODEL_SETTINGS,
  forked_from: { listing_id: 'L1', slug: 'caravan-routes', version: 2, author: { username: 'amina' } },
};

/** Every request sent, in order. */
const requests: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  requests.length = 0;
  setToken('token-bilal');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = {
      method: init.method ?? 'GET',
      url: String(input),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push(request);
    if (request.url === STAR_URL) return jsonResponse(200, { stars: 5, starred: true });
    if (request.method === 'DELETE' && request.url === LISTING_URL)
      return new Response(null, { status: 204 });
    if (request.url === FORK_URL) return jsonResponse(201, fork);
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('ListingActions', () => {
  it('offers a signed-out reader a way to log in instead of Fork, and nothing else', () => {
    renderInApp(
      <ListingActions
        listing={listing()}
        signedIn={false}
        onForked={() => undefined}
        renderCopy={() => null}
      />,
    );
    expect(screen.getByRole('link', { name: 'Login to fork' }).getAttribute('href')).toBe('/login/');
    expect(screen.queryByRole('button', { name: 'Star' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('forks the version shown for a signed-in reader and says which logbook was made', async () => {
    const onForked = vi.fn();
    renderInApp(<ListingActions listing={listing()} signedIn onForked={onForked} renderCopy={() => null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fork' }));
    await waitFor(() => expect(onForked).toHaveBeenCalledWith('fork1'));
    expect(requests).toEqual([{ method: 'POST', url: FORK_URL, body: { version: 2 } }]);
  });

  it('lets another reader star it and report it', async () => {
    renderInApp(
      <ListingActions listing={listing()} signedIn onForked={() => undefined} renderCopy={() => null} />,
    );
    const star = screen.getByRole('button', { name: 'Star' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'PUT', url: STAR_URL });
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report this listing' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Reason/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('shows its author Withdraw and a new version, not Star or Report, and withdraws after asking', async () => {
    renderInApp(
      <ListingActions
        listing={listing({ mine: true })}
        signedIn
        onForked={() => undefined}
        renderCopy={() => null}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Star' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish a new version' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this listing?' });
    expect(requests).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'DELETE', url: LISTING_URL, body: undefined }]));
  });
});
