import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { NO_REQUEST } from './events';
import { type HandlerState, handleRequest } from './handle-request';
import { sendJson } from './http-io';
import { IdempotencyKeys } from './idempotency';
import { endNow, failPayment, payLatest, renew } from './lifecycle';
import { DEFAULT_PRICES } from './prices';
import { Router } from './router';
import { customerEndpoints } from './routes/customers';
import { invoiceItemEndpoints } from './routes/invoice-items';
import { invoiceEndpoints } from './routes/invoices';
import { paymentMethodEndpoints } from './routes/payment-methods';
import { subscriptionEndpoints } from './routes/subscriptions';
import { Store } from './store';
import type { FakeStripe, FakeStripeOptions } from './types';
import { WebhookSender } from './webhooks';

const OUTAGE = {
  status: 500,
  error: { type: 'api_error' as const, message: 'An unknown error occurred (fake-stripe outage).' },
};

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the fake Stripe API on loopback; resolves once it listens. */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.now ?? Date.now;
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(18).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const webhooks = new WebhookSender(webhookSecret, clock, options.webhookUrl ?? null);
  const store = new Store(options.prices ?? DEFAULT_PRICES, clock, (event) => webhooks.enqueue(event));
  const state: HandlerState = {
    store,
    router: new Router([
      ...customerEndpoints,
      ...paymentMethodEndpoints,
      ...subscriptionEndpoints,
      ...invoiceItemEndpoints,
      ...invoiceEndpoints,
    ]),
    keys: new IdempotencyKeys(clock),
    secretKey,
    revealKeysInErrors: options.revealKeysInErrors ?? false,
    requests: [],
    injected: [],
  };

  const server = createServer((request, response) => {
    handleRequest(state, request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else
        sendJson(response, 500, { error: { type: 'api_error', message: `fake-stripe: ${String(error)}` } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const change = (act: (s: Stripe.Subscription) => void) => (id: string) => {
    const subscription = store.subscription(id, 'id', true);
    act(subscription);
    return structuredClone(subscription);
  };
  const copies = <T>(map: Map<string, T>) => [...map.values()].map((v) => structuredClone(v));

  return {
    url: `http://${urlHost(host)}:${port}`,
    host,
    port,
    secretKey,
    webhookSecret,
    requests: state.requests,
    events: store.events,
    deliveries: webhooks.deliveries,
    customers: () => copies(store.customers),
    paymentMethods: () => copies(store.paymentMethods),
    subscriptions: () => copies(store.subscriptions),
    invoiceItems: () => copies(store.invoiceItems),
    invoices: () => copies(store.invoices),
    setWebhookUrl: (url) => {
      webhooks.url = url;
    },
    webhooksSettled: () => webhooks.settled(),
    sendWebhook: (event, sendOptions) => webhooks.send(event, sendOptions),
    sign: (event, signOptions) => webhooks.sign(event, signOptions),
    advance: {
      renew: change((s) => renew(store, s, NO_REQUEST)),
      failPayment: change((s) => failPayment(store, s, NO_REQUEST)),
      pay: change((s) => payLatest(store, s, NO_REQUEST)),
      end: change((s) => endNow(store, s, NO_REQUEST)),
    },
    failNext: (count, failure = OUTAGE, only = {}) => {
      for (let i = 0; i < count; i++) state.injected.push({ ...failure, only });
    },
    reset: () => {
      store.reset();
      state.keys.clear();
      state.requests.length = 0;
      state.injected.length = 0;
      webhooks.reset();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
