import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PRICES } from './prices';
import { customerWithCard, useFakeStripe } from './test-support';

const t = useFakeStripe();

/** A webhook endpoint that keeps what it receives, byte for byte. */
const received: { body: string; signature: string | undefined }[] = [];
let endpoint: Server;
let endpointUrl = '';
beforeAll(async () => {
  endpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['stripe-signature'] as string,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

function construct(body: string, signature: string | undefined, secret = t.fake.webhookSecret): Stripe.Event {
  return Stripe.webhooks.constructEvent(body, signature ?? '', secret);
}

describe('webhooks', () => {
  it('sends the events of API calls in order, signed so constructEvent accepts them', async () => {
    received.length = 0;
    t.fake.setWebhookUrl(endpointUrl);
    const { customer } = await customerWithCard(t.stripe);
    const subscription = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: FAKE_PRICES.merchant.month }],
    });
    await t.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    t.fake.advance.end(subscription.id);
    await t.fake.webhooksSettled();

    const events = received.map((r) => construct(r.body, r.signature));
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    const created = events[0] as Stripe.CustomerSubscriptionCreatedEvent;
    expect(created.data.object).toMatchObject({ id: subscription.id, status: 'active' });
    expect(created.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    const paid = events[1] as Stripe.InvoicePaidEvent;
    expect(paid.data.object.parent?.subscription_details?.subscription).toBe(subscription.id);
    // Pretty-printed, as Stripe sends it: only the raw bytes verify.
    expect(received[0]!.body).toContain('\n  "id": "evt_');
    expect(t.fake.deliveries.every((d) => d.status === 200)).toBe(true);
    t.fake.setWebhookUrl(null);
  });

  it('a signature under another secret, an old one or none is refused by constructEvent', async () => {
    const { customer } = await customerWithCard(t.stripe);
    await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: FAKE_PRICES.sultan.month }],
    });
    const event = t.fake.events[0]!;
    const good = t.fake.sign(event);
    expect(construct(good.payload, good.header).id).toBe(event.id);
    const forged = t.fake.sign(event, { secret: 'whsec_other' });
    expect(() => construct(forged.payload, forged.header)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = t.fake.sign(event, { timestampMs: Date.now() - 60 * 60 * 1000 });
    expect(() => construct(stale.payload, stale.header)).toThrow(/tolerance/);
    expect(() => construct(`${good.payload} `, good.header)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('sendWebhook delivers one event now, with a chosen header', async () => {
    received.length = 0;
    const { customer } = await customerWithCard(t.stripe);
    await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: FAKE_PRICES.sultan.month }],
    });
    const delivery = await t.fake.sendWebhook(t.fake.events[0]!, {
      url: endpointUrl,
      signature: 't=1,v1=00',
    });
    expect(delivery.status).toBe(200);
    expect(received[0]?.signature).toBe('t=1,v1=00');
  });
});
