import { pathOf, routes, type WellOffer } from '@caravanserai/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { OfferCard } from './offer-card';

const api = (path: string) => `${window.location.origin}${apiPrefix}${path}`;
const RENT_URL = api(pathOf(routes.wellRental.rent, { offer_id: 'O1' }));
const OFFER_URL = api(pathOf(routes.wellRental.withdrawOffer, { offer_id: 'O1' }));

const offer = (changes: Partial<WellOffer> = {}): WellOffer => ({
  offer_id: 'O1',
  well: {
    title: 'Camel Well',
    provider: 'openai',
    model: 'gpt-4o-mini',
    origin_loc: 'openai/gpt-4o-mini',
  },
  owner: { username: 'amina' },
  description: 'Good at itineraries.',
  price_per_million_tokens: 0,
  monthly_token_cap_per_renter: 100_000,
  allowed_models: [],
  created: '2026-03-01T09:00:00.000Z',
  renters: 2,
  mine: false,
  rental_id: null,
  ...changes,
});

/** Every request sent, in order. */
const requests: { method: string; url: string }[] = [];
/** What renting answers: a rental, or the refusal for want of a card. */
let cardSaved = true;

beforeEach(() => {
  requests.length = 0;
  cardSaved = true;
  setToken('token-bilal');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = { method: init.method ?? 'GET', url: String(input) };
    requests.push(request);
    if (request.method === 'POST' && request.url === RENT_URL) {
      if (!cardSaved) {
        return jsonResponse(400, {
          detail: 'Add a payment method first: this well is priced.',
          code: 'payment_method_required',
        });
      }
      return jsonResponse(201, {
        rental_id: 'R1',
        offer_id: 'O1',
        wellid: 'w1',
        well_title: 'Camel Well',
        owner: { username: 'amina' },
        renter: { username: 'bilal' },
        price_per_million_tokens: 0,
        monthly_token_cap: 100_000,
        started: '2026-03-02T09:00:00.000Z',
        ended: null,
        tokens_this_month: 0,
      });
    }
    if (request.method === 'DELETE' && (request.url === RENT_URL || request.url === OFFER_URL))
      return new Response(null, { status: 204 });
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const CARDS = '/payments/methods/bilal';

describe('OfferCard', () => {
  it('shows the well, its owner and the terms: free, the cap and the models', () => {
    renderInApp(<OfferCard offer={offer()} cardsHref={CARDS} />);
    const sut = screen.getByRole('article', { name: 'Camel Well' });
    expect(within(sut).getByText(/openai · gpt-4o-mini · by/)).toBeTruthy();
    expect(within(sut).getByRole('link', { name: 'amina' }).getAttribute('href')).toBe('/u/amina');
    expect(sut.textContent).toContain('Price: Free');
    expect(sut.textContent).toContain('Cap: 100,000 tokens per renter a month');
    expect(sut.textContent).toContain('Models: whichever model the well is set to');
    expect(within(sut).getByText('2 renters')).toBeTruthy();
  });

  it('shows a price in dollars and the models the owner allows', () => {
    renderInApp(
      <OfferCard
        offer={offer({ price_per_million_tokens: 250, allowed_models: ['openai/*', 'anthropic/claude'] })}
        cardsHref={CARDS}
      />,
    );
    const sut = screen.getByRole('article', { name: 'Camel Well' });
    expect(sut.textContent).toContain('Price: $2.50 per million tokens');
    expect(sut.textContent).toContain('Models: openai/*, anthropic/claude');
  });

  it('rents it, and tells the page the user’s wells changed', async () => {
    const onWellsChanged = vi.fn();
    renderInApp(<OfferCard offer={offer()} cardsHref={CARDS} onWellsChanged={onWellsChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rent' }));
    await waitFor(() => expect(onWellsChanged).toHaveBeenCalled());
    expect(requests[0]).toEqual({ method: 'POST', url: RENT_URL });
  });

  it('says a priced offer needs a saved card, with a link to where cards are added', async () => {
    cardSaved = false;
    renderInApp(<OfferCard offer={offer({ price_per_million_tokens: 250 })} cardsHref={CARDS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rent' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Add a payment method first: this well is priced.');
    expect(within(alert).getByRole('link', { name: 'Add a card' }).getAttribute('href')).toBe(CARDS);
  });

  it('shows a rented offer as Rented, and ends the rental after asking', async () => {
    renderInApp(<OfferCard offer={offer({ rental_id: 'R1' })} cardsHref={CARDS} />);
    expect(screen.getByText('Rented')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rent' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'End rental' }));
    const dialog = await screen.findByRole('dialog', { name: 'End your rental of “Camel Well”?' });
    expect(requests).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End rental' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'DELETE', url: RENT_URL }]));
  });

  it('shows the owner their offer, not Rent, and withdraws it after asking', async () => {
    renderInApp(<OfferCard offer={offer({ mine: true })} cardsHref={CARDS} />);
    expect(screen.getByText('Your offer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rent' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this offer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'DELETE', url: OFFER_URL }]));
  });
});
