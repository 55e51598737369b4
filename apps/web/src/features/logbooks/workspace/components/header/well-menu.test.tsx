import { type Logbook, pathOf, routes, type Well, type WellList } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../../../lib/auth-storage';
import { apiPrefix } from '../../../../../lib/page-config';
import { jsonResponse } from '../../../../../testing/json-response';
import { renderInApp } from '../../../../../testing/render';
import { WellMenu } from './well-menu';

const well = (wellid: string, title: string): Well => ({
  wellid,
  title,
  owner: { username: 'amina' },
  model_url: 'https://api.openai.com/v1',
  origin_loc: 'openai/gpt-4o-mini',
  provider: 'openai',
  model: 'gpt-4o-mini',
  AUTH_MODEL_KEY: '…abcd',
  created: '2026-03-01T09:00:00.000Z',
  modified: '2026-03-01T09:00:00.000Z',
});

/** What `GET /journals/wells/` answers the signed-in owner: their two wells. */
const wellList: WellList = {
  wells: [well('w1', 'Camel Well'), well('w2', 'Horse Well')],
  origin_loc_choices: { OpenAI: [['openai/gpt-4o-mini', 'GPT-4o mini']] },
};

const WELLS_URL = `${window.location.origin}${apiPrefix}${pathOf(routes.wells.list)}`;

/** Every request the page sent, in order. */
const requests: { method: string; url: string }[] = [];

/** The server's side of the wire, for a signed-in owner: the wells list answers; anything else is not found. */
beforeEach(() => {
  requests.length = 0;
  setToken('token-amina');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = { method: init.method ?? 'GET', url: String(input) };
    requests.push(request);
    if (request.method === 'GET' && request.url === WELLS_URL) return jsonResponse(200, wellList);
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const logbook = {
  logid: 'log1',
  logwell: 'w1',
  well: { wellid: 'w1', title: 'Camel Well' },
} as Logbook;

describe('WellMenu', () => {
  it('says its button opens a menu, and whether the menu is open', async () => {
    renderInApp(<WellMenu logbook={logbook} isOwner saving={false} onChange={() => undefined} />);
    const sut = screen.getByRole('button', { name: 'Change well' });
    expect(sut.getAttribute('aria-haspopup')).toBe('menu');
    expect(sut.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(sut);
    await screen.findByRole('menu');
    expect(sut.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('menuitem', { name: 'Horse Well' });
  });

  it('moves the logbook to the well chosen in the menu', async () => {
    const onChange = vi.fn();
    renderInApp(<WellMenu logbook={logbook} isOwner saving={false} onChange={onChange} />);
    expect(requests).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Change well' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Horse Well' }));
    expect(requests).toEqual([{ method: 'GET', url: WELLS_URL }]);
    expect(onChange).toHaveBeenCalledWith('w2');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change well' }).getAttribute('aria-expanded')).toBe('false'),
    );
  });

  it('offers no menu to a reader', () => {
    renderInApp(<WellMenu logbook={logbook} isOwner={false} saving={false} onChange={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Using Well: Camel Well' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change well' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
