import { pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { OfferDialog } from './offer-dialog';

const OFFERS_URL = `${window.location.origin}${apiPrefix}${pathOf(routes.wellRental.offer)}`;

const WELLS = [
  { wellid: 'w1', title: 'Camel Well', origin_loc: 'openai/gpt-4o-mini' },
  { wellid: 'w2', title: 'Horse Well', origin_loc: 'anthropic/claude-haiku' },
];

/** Every request sent, with its JSON body. */
const requests: { url: string; body: unknown }[] = [];
/** What the server says to an offer: null accepts it. */
let refusal: Record<string, string[]> | null = null;

beforeEach(() => {
  requests.length = 0;
  refusal = null;
  setToken('token-amina');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ url, body });
    if (init.method !== 'POST' || url !== OFFERS_URL) return jsonResponse(404, { detail: 'Not found.' });
    if (refusal) return jsonResponse(400, refusal);
    return jsonResponse(201, {
      offer_id: 'O1',
      well: { title: 'Horse Well', provider: 'anthropic', model: 'claude-haiku', origin_loc: 'x/y' },
      owner: { username: 'amina' },
      description: body.description,
      price_per_million_tokens: body.price_per_million_tokens,
      monthly_token_cap_per_renter: body.monthly_token_cap_per_renter,
      allowed_models: body.allowed_models,
      created: '2026-03-01T09:00:00.000Z',
      renters: 0,
      mine: true,
      rental_id: null,
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

function renderSut({ paymentsOn = false, onClose = () => undefined } = {}) {
  return renderInApp(<OfferDialog opened onClose={onClose} wells={WELLS} paymentsOn={paymentsOn} />);
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function chooseWell(label: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Well' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('OfferDialog', () => {
  it('offers only free wells while payments are off, and sends the terms as typed', async () => {
    const onClose = vi.fn();
    renderSut({ onClose });
    expect(screen.queryByRole('textbox', { name: /Price per million tokens/ })).toBeNull();
    expect(
      screen.getByText('Payments are off on this server, so only free offers are possible.'),
    ).toBeTruthy();
    await chooseWell('Horse Well (anthropic/claude-haiku)');
    fireEvent.change(field(/Description/), { target: { value: 'For the caravan.' } });
    fireEvent.change(field(/Monthly token cap per renter/), { target: { value: '5000' } });
    fireEvent.change(field(/Allowed models/), { target: { value: 'anthropic/*, openai/gpt-4o' } });
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        url: OFFERS_URL,
        body: {
          wellid: 'w2',
          description: 'For the caravan.',
          price_per_million_tokens: 0,
          monthly_token_cap_per_renter: 5000,
          allowed_models: ['anthropic/*', 'openai/gpt-4o'],
        },
      },
    ]);
  });

  it('asks for the price in dollars with payments on, and sends it in cents', async () => {
    renderSut({ paymentsOn: true });
    await chooseWell('Camel Well (openai/gpt-4o-mini)');
    fireEvent.change(field(/Price per million tokens/), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ wellid: 'w1', price_per_million_tokens: 250 });
  });

  it('asks for a well before sending anything', () => {
    renderSut();
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    expect(screen.getByText('Choose one of your wells.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('shows the server’s messages under their fields', async () => {
    refusal = {
      monthly_token_cap_per_renter: ['Ensure this value is greater than or equal to 1.'],
      'allowed_models.0': ['Name models as provider/model, or provider/* for all of one provider.'],
    };
    renderSut();
    await chooseWell('Camel Well (openai/gpt-4o-mini)');
    fireEvent.change(field(/Allowed models/), { target: { value: 'gpt4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    const capError = await screen.findByText('Ensure this value is greater than or equal to 1.');
    const cap = field(/Monthly token cap per renter/);
    expect(cap.getAttribute('aria-describedby')).toContain(capError.id);
    const modelsError = screen.getByText(/Name models as provider\/model/);
    expect(field(/Allowed models/).getAttribute('aria-describedby')).toContain(modelsError.id);
  });
});
