import { pathOf, type Rental, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { renderInApp } from '../../../testing/render';
import { RentalsList } from './rentals-list';

const RENTAL_URL = `${window.location.origin}${apiPrefix}${pathOf(routes.wellRental.endRental, { rental_id: 'R1' })}`;

const rental = (changes: Partial<Rental> = {}): Rental => ({
  rental_id: 'R1',
  offer_id: 'O1',
  wellid: 'w1',
  well_title: 'Camel Well',
  owner: { username: 'amina' },
  renter: { username: 'bilal' },
  price_per_million_tokens: 50,
  monthly_token_cap: 100_000,
  started: '2026-03-02T09:00:00.000Z',
  ended: null,
  tokens_this_month: 1234,
  ...changes,
});

const requests: { method: string; url: string }[] = [];

beforeEach(() => {
  requests.length = 0;
  setToken('token-bilal');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ method: init.method ?? 'GET', url: String(input) });
    return new Response(null, { status: 204 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('RentalsList', () => {
  it('shows a renter the owner, the price and this month’s tokens against the cap', () => {
    const ended = rental({ rental_id: 'R0', ended: '2026-02-20T09:00:00.000Z', well_title: 'Old Well' });
    renderInApp(<RentalsList rentals={[rental(), ended]} side="renting" />);
    const sut = screen.getByRole('table', { name: 'Renting' });
    const [, open, old] = within(sut).getAllByRole('row');
    expect(within(open!).getByRole('link', { name: 'Camel Well' }).getAttribute('href')).toBe('/wells/w1');
    expect(within(open!).getByRole('link', { name: 'amina' })).toBeTruthy();
    expect(open!.textContent).toContain('$0.50 per million tokens');
    expect(open!.textContent).toContain('1,234 of 100,000');
    expect(within(old!).queryByRole('button')).toBeNull();
    expect(old!.textContent).toMatch(/Ended /);
  });

  it('shows an owner the renter, and ends the rental after asking', async () => {
    renderInApp(<RentalsList rentals={[rental()]} side="lending" />);
    const sut = screen.getByRole('table', { name: 'Lending' });
    expect(within(sut).getByRole('link', { name: 'bilal' })).toBeTruthy();
    expect(sut.textContent).not.toContain('per million tokens');
    fireEvent.click(within(sut).getByRole('button', { name: 'End the rental of Camel Well to bilal' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the rental of “Camel Well”?' });
    expect(requests).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End rental' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'DELETE', url: RENTAL_URL }]));
  });

  it('shows each rental on a phone as a card, with its tokens and End', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 48em)',
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    renderInApp(<RentalsList rentals={[rental()]} side="renting" />);
    const sut = await screen.findByRole('list', { name: 'Renting' });
    const [card] = within(sut).getAllByRole('listitem');
    expect(card!.textContent).toContain('Tokens this month: 1,234 of 100,000');
    expect(card!.textContent).toContain('Price: $0.50 per million tokens');
    expect(within(card!).getByRole('button', { name: 'End the rental of Camel Well' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
