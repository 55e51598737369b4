import type { Page, Request } from '@playwright/test';

/** Where the app fetches Stripe.js from (any path: `@stripe/stripe-js` picks the release). */
const STRIPE_JS = /^https:\/\/js\.stripe\.com\//;

/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com (which a test machine cannot
 * reach), with what the card form uses: `elements().create('card')` mounts a plain text field, and
 * `createPaymentMethod` answers with the test payment method id typed into it (`pm_card_visa`),
 * as Stripe.js answers with the id of the card typed in; an empty field is Stripe's "incomplete"
 * error and anything else an invalid number. The server and the fake Stripe do the rest.
 */
const STAND_IN = `(() => {
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string') throw new Error('Stripe(): a publishable key is needed');
    const created = [];
    const stripe = {
      elements() {
        return {
          create(type) {
            const listeners = {};
            let input = null;
            const emit = (event, payload) => (listeners[event] || []).forEach((handler) => handler(payload));
            const element = {
              type,
              mount(node) {
                const target = typeof node === 'string' ? document.querySelector(node) : node;
                input = document.createElement('input');
                input.setAttribute('aria-label', 'Card number');
                input.setAttribute('autocomplete', 'off');
                input.placeholder = 'Card number';
                input.style.cssText = 'width:100%;border:0;padding:0;background:transparent;font:inherit;color:inherit;outline:none';
                input.addEventListener('focus', () => emit('focus', { elementType: type }));
                input.addEventListener('blur', () => emit('blur', { elementType: type }));
                input.addEventListener('input', () =>
                  emit('change', { elementType: type, empty: !input.value, complete: !!input.value }),
                );
                target.appendChild(input);
                setTimeout(() => emit('ready', element));
              },
              on(event, handler) { (listeners[event] = listeners[event] || []).push(handler); return element; },
              off(event, handler) { listeners[event] = (listeners[event] || []).filter((h) => h !== handler); return element; },
              update() {},
              focus() { if (input) input.focus(); },
              blur() { if (input) input.blur(); },
              clear() { if (input) input.value = ''; },
              unmount() { if (input) input.remove(); },
              destroy() { if (input) input.remove(); input = null; },
              typed() { return input ? input.value.trim() : ''; },
            };
            created.push(element);
            return element;
          },
          getElement(which) {
            const type = typeof which === 'string' ? which : which && which.__elementType;
            return created.find((element) => element.type === type) || null;
          },
          update() {},
        };
      },
      async createPaymentMethod({ type, card }) {
        const typed = type === 'card' && card && card.typed ? card.typed() : '';
        if (!typed) {
          return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        }
        if (!/^pm_[A-Za-z0-9_]+$/.test(typed)) {
          return { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
        }
        return { paymentMethod: { id: typed, object: 'payment_method', type: 'card' } };
      },
      async createToken() { return { error: { type: 'invalid_request_error', message: 'Not in this stand-in.' } }; },
      async confirmCardPayment() { return { error: { type: 'invalid_request_error', message: 'Not in this stand-in.' } }; },
    };
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Every request the page makes for Stripe.js, as the test saw it. */
export interface StripeJsRequests {
  urls: string[];
}

/**
 * Serves the stand-in (or, with `blocked`, a script that defines nothing, as when Stripe is
 * blocked) for every Stripe.js request of the page's browser context, and records them.
 */
export async function serveStripeJs(
  page: Page,
  options: { blocked?: boolean } = {},
): Promise<StripeJsRequests> {
  const seen: StripeJsRequests = { urls: [] };
  await page.context().unroute(STRIPE_JS);
  await page.context().route(STRIPE_JS, (route) => {
    seen.urls.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: options.blocked ? '/* blocked */' : STAND_IN,
    });
  });
  return seen;
}

/** Records every request the page's context makes to a host other than the app's own. */
export function recordForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.context().on('request', (request: Request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}
