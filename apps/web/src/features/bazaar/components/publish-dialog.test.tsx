import { type ListingPreview, type Published, pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { PublishDialog } from './publish-dialog';
import { ACKNOWLEDGE_LABEL } from './publish-warnings';

const api = (path: string) => `${window.location.origin}${apiPrefix}${path}`;
const PREVIEW_URL = api(pathOf(routes.bazaar.preview));
const PUBLISH_URL = api(pathOf(routes.bazaar.publish));

const LOG = '<log version="1"><query>Write to amina@example.org</query></log>';

const copy = (warned: boolean): ListingPreview => ({
  title: 'Caravan routes',
  log: LOG,
  entry_count: 1,
  sha256: 'ab'.repeat(32),
  files: [
    { file_id: 'f1', name: 'route-map.png', media_type: 'image/png', size: 512, url: '/api/files/f1/' },
  ],
  warnings: warned
    ? [{ kind: 'email', index: 0, excerpt: 'a…@example.org', message: 'This looks like an e-mail address.' }]
    : [],
});

const published: Published = {
  listing_id: 'L1',
  slug: 'caravan-routes',
  version: 1,
  url: '/bazaar/caravan-routes',
};

/** Every request the dialog sent, with its JSON body. */
const requests: { url: string; body: unknown }[] = [];
let warned = true;

/** The server's side of the wire: a preview (warning while `warned`) and a publish. */
beforeEach(() => {
  requests.length = 0;
  warned = true;
  setToken('token-amina');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (init.method === 'POST' && url === PREVIEW_URL) return jsonResponse(200, copy(warned));
    if (init.method === 'POST' && url === PUBLISH_URL) return jsonResponse(201, published);
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

function renderSut() {
  return renderInApp(
    <PublishDialog
      logid="log1"
      title="Caravan routes"
      opened
      onClose={() => undefined}
      renderCopy={(made) => (
        <pre data-testid="copy" data-files={made.files.map((file) => file.name).join(' ')}>
          {made.log}
        </pre>
      )}
    />,
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('PublishDialog', () => {
  it('previews the copy with the default tags and lists what looks private', async () => {
    renderSut();
    fireEvent.change(screen.getByRole('textbox', { name: /Topics/ }), { target: { value: 'Trade, maps' } });
    fireEvent.click(button('Preview'));
    await screen.findByText('E-mail address');
    expect(requests).toEqual([
      {
        url: PREVIEW_URL,
        body: {
          logid: 'log1',
          summary: '',
          topics: ['trade', 'maps'],
          include: ['query', 'gen', 'code', 'context'],
          licence: 'CC-BY-4.0',
          caravan: null,
        },
      },
    ]);
    expect(screen.getByText('a…@example.org')).toBeTruthy();
    expect(screen.getByTestId('copy').textContent).toBe(LOG);
    // The copy is drawn with the files its entries carry.
    expect(screen.getByTestId('copy').dataset.files).toBe('route-map.png');
    expect((screen.getByRole('checkbox', { name: /Comments/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Shell output/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps Publish disabled while warnings stand, until the author says they looked', async () => {
    renderSut();
    fireEvent.click(button('Preview'));
    await screen.findByText('E-mail address');
    expect(button('Publish').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: ACKNOWLEDGE_LABEL }));
    expect(button('Publish').hasAttribute('disabled')).toBe(false);
    fireEvent.click(button('Publish'));
    const link = await screen.findByRole('link', { name: 'Open the listing' });
    expect(link.getAttribute('href')).toBe('/bazaar/caravan-routes');
    expect(requests.at(-1)).toMatchObject({ url: PUBLISH_URL, body: { logid: 'log1', confirm: true } });
  });

  it('previews first when Publish is pressed unseen, and publishes at once when nothing warns', async () => {
    warned = false;
    renderSut();
    fireEvent.click(screen.getByRole('checkbox', { name: /Code/ }));
    fireEvent.click(button('Publish'));
    await screen.findByRole('link', { name: 'Open the listing' });
    expect(requests.map((request) => request.url)).toEqual([PREVIEW_URL, PUBLISH_URL]);
    expect(requests[1]?.body).toMatchObject({ include: ['query', 'gen', 'context'] });
    expect(requests[1]?.body).not.toHaveProperty('confirm');
  });

  it('stops at the warnings when Publish is pressed unseen and the preview warns', async () => {
    renderSut();
    fireEvent.click(button('Publish'));
    await screen.findByText('E-mail address');
    expect(requests.map((request) => request.url)).toEqual([PREVIEW_URL]);
    await waitFor(() => expect(button('Publish').hasAttribute('disabled')).toBe(true));
  });

  it('forgets the preview when a choice changes', async () => {
    renderSut();
    fireEvent.click(button('Preview'));
    await screen.findByText('E-mail address');
    fireEvent.click(screen.getByRole('checkbox', { name: /Questions/ }));
    expect(screen.queryByText('E-mail address')).toBeNull();
    expect(screen.queryByTestId('copy')).toBeNull();
  });
});
