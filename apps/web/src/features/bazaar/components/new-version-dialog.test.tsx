import { type Listing, type ListingPreview, pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { NewVersionDialog } from './new-version-dialog';
import { ACKNOWLEDGE_LABEL } from './publish-warnings';

const api = (path: string) => `${window.location.origin}${apiPrefix}${path}`;
const VERSIONS_URL = api(pathOf(routes.bazaar.publishVersion, { listing_id: 'L1' }));
const PREVIEW_URL = api(pathOf(routes.bazaar.preview));
const SOURCE_GONE = 'The logbook this listing was published from is gone: publish a new listing instead.';

const version = {
  version: 1,
  sha256: 'ab'.repeat(32),
  entry_count: 2,
  published: '2026-03-01T09:00:00.000Z',
};
const listing = (source: Listing['source']) =>
  ({
    listing_id: 'L1',
    slug: 'caravan-routes',
    title: 'Caravan routes',
    summary: 'Stages.',
    topics: ['trade', 'maps'],
    licence: 'CC0-1.0',
    version: 1,
    shown: version,
    versions: [version],
    mine: true,
    source,
  }) as Listing;
const FROM_LOG1 = { logid: 'log1', include: ['query', 'gen', 'comment'] } satisfies Listing['source'];

const copy = (warned: boolean): ListingPreview => ({
  title: 'Caravan routes',
  log: '<log version="1"><query>Write to amina@example.org</query></log>',
  entry_count: 1,
  sha256: 'cd'.repeat(32),
  files: [],
  warnings: warned
    ? [{ kind: 'email', index: 0, excerpt: 'a…@example.org', message: 'This looks like an e-mail address.' }]
    : [],
});

/** Every request the dialog sent, with its JSON body. */
const requests: { url: string; body: unknown }[] = [];
let warned = true;

/** The server's side: a preview (warning while `warned`), and versions published unless the logbook is gone. */
beforeEach(() => {
  requests.length = 0;
  warned = true;
  setToken('token-amina');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (init.method === 'POST' && url === PREVIEW_URL) return jsonResponse(200, copy(warned));
    if (init.method === 'POST' && url === VERSIONS_URL)
      return jsonResponse(201, {
        listing_id: 'L1',
        slug: 'caravan-routes',
        version: 2,
        url: '/bazaar/caravan-routes',
      });
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

function renderSut(source: Listing['source'] = FROM_LOG1) {
  return renderInApp(
    <NewVersionDialog
      listing={listing(source)}
      opened
      onClose={() => undefined}
      renderCopy={(made) => <pre data-testid="copy">{made.log}</pre>}
    />,
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('NewVersionDialog', () => {
  it('previews the next version’s copy from the listing’s logbook with its tags, and lists what looks private', async () => {
    renderSut();
    expect((screen.getByRole('textbox', { name: /Topics/ }) as HTMLInputElement).value).toBe('trade, maps');
    fireEvent.click(button('Preview'));
    expect((await screen.findByTestId('copy')).textContent).toContain('amina@example.org');
    expect(screen.getByText('The copy: 1 entry, as readers will see it')).toBeTruthy();
    expect(screen.getByText('This looks like an e-mail address.')).toBeTruthy();
    expect(requests).toEqual([
      {
        url: PREVIEW_URL,
        body: {
          logid: 'log1',
          summary: 'Stages.',
          topics: ['trade', 'maps'],
          include: ['query', 'gen', 'comment'],
          licence: 'CC0-1.0',
          caravan: null,
        },
      },
    ]);
  });

  it('publishes only once the author has said they looked, confirming the warnings', async () => {
    renderSut();
    // Publish before any preview previews first, and stops there: the copy warns.
    fireEvent.click(button('Publish version 2'));
    await screen.findByTestId('copy');
    expect(requests.map((r) => r.url)).toEqual([PREVIEW_URL]);
    expect(button('Publish version 2').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: ACKNOWLEDGE_LABEL }));
    fireEvent.click(button('Publish version 2'));
    await screen.findByRole('link', { name: 'Open the listing' });
    expect(requests.at(-1)).toEqual({
      url: VERSIONS_URL,
      body: { summary: 'Stages.', topics: ['trade', 'maps'], licence: 'CC0-1.0', confirm: true },
    });
  });

  it('publishes a copy with nothing to warn of at once, without confirming', async () => {
    warned = false;
    renderSut();
    fireEvent.click(button('Publish version 2'));
    await screen.findByRole('link', { name: 'Open the listing' });
    expect(requests.map((r) => r.url)).toEqual([PREVIEW_URL, VERSIONS_URL]);
    expect(requests[1]?.body).not.toHaveProperty('confirm');
  });

  it('has nothing to preview once the logbook is deleted, and shows why the server refuses', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      requests.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined });
      return jsonResponse(400, { detail: SOURCE_GONE });
    });
    renderSut({ logid: null, include: ['query', 'gen'] });
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
    fireEvent.click(button('Publish version 2'));
    expect(await screen.findByText(SOURCE_GONE)).toBeTruthy();
    await waitFor(() => expect(requests.map((r) => r.url)).toEqual([VERSIONS_URL]));
  });
});
