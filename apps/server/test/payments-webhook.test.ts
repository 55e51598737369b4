import { pathOf, routes } from '@caravanserai/api';
import { FAKE_PRICES, type FakeEvent } from '@caravanserai/fake-stripe';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addCard, roleOf, subscribe, usePayments } from './payments-helper.js';

// Events are sent by hand here, so each test decides when the server hears of a change.
const t = usePayments({ users: ['amira', 'bilal', 'cyrus'], webhooks: false });

const webhookUrl = () => `${t.server.baseUrl}${pathOf(routes.paymentWebhooks.receive)}`;
const send = (event: FakeEvent, options: Parameters<typeof t.stripe.sendWebhook>[1] = {}) =>
  t.stripe.sendWebhook(event, { url: webhookUrl(), ...options });
const lastEvent = (type: FakeEvent['type']) => t.stripe.events.filter((e) => e.type === type).at(-1)!;

/** The SDK, talking to the fake as someone at Stripe's dashboard would. */
const stripe = () =>
  new Stripe(t.stripe.secretKey, {
    host: t.stripe.host,
    port: t.stripe.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });

describe('POST /payments/webhook/ refuses what Stripe did not sign (400)', () => {
  it('a forged, stale, missing or mismatched signature, and a body changed on the way', async () => {
    await addCard(t.amira);
    await subscribe(t.amira.client, 'merchant');
    const event = lastEvent('customer.subscription.created');
    const refused = [
      await send(event, { secret: 'whsec_forged' }),
      await send(event, { timestampMs: Date.now() - 3600_000 }),
      await send(event, { signature: '' }),
      await send(event, { signature: 't=1,v1=deadbeef' }),
    ];
    for (const delivery of refused) {
      expect(delivery.status).toBe(400);
      expect(JSON.parse(delivery.response)).toMatchObject({ code: 'invalid' });
    }
    expect(JSON.parse(refused[2]!.response).detail).toBe('Missing Stripe-Signature header.');

    const { payload, header } = t.stripe.sign(event);
    const changed = payload.replace('"active"', '"canceled"');
    const res = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: changed,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      detail: expect.stringMatching(/^Invalid webhook signature: No signatures/),
    });
  });

  it('reads the raw bytes: the pretty-printed body Stripe sends verifies', async () => {
    const delivery = await send(lastEvent('customer.subscription.created'));
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.response)).toEqual({ received: true, outcome: 'recorded' });
  });
});

describe('events keep the mirror and the role in step', () => {
  it('a subscription made at Stripe (not through us) appears with its role once its event arrives', async () => {
    await addCard(t.bilal);
    const customer = (await t.bilal.client.profiles.get(t.bilal.username)).stripe_customer_id!;
    const made = await stripe().subscriptions.create({
      customer,
      items: [{ price: FAKE_PRICES.merchant.month }],
    });
    expect(await roleOf(t.bilal)).toBe('Pilgrim');
    await send(lastEvent('customer.subscription.created'));
    expect(await roleOf(t.bilal)).toBe('Merchant');
    const sultan = await stripe().subscriptions.create({
      customer,
      items: [{ price: FAKE_PRICES.sultan.year }],
    });
    await send(lastEvent('customer.subscription.created'));
    expect(await roleOf(t.bilal)).toBe('Sultan');

    // Deleted: the Sultan one ends, the Merchant one remains.
    t.stripe.advance.end(sultan.id);
    await send(lastEvent('customer.subscription.deleted'));
    expect(await roleOf(t.bilal)).toBe('Merchant');
    t.stripe.advance.end(made.id);
    await send(lastEvent('customer.subscription.deleted'));
    expect(await roleOf(t.bilal)).toBe('Pilgrim');
    const rows = await t.server.testDb.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', 'in', [made.id, sultan.id])
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'canceled']);
  });

  it('a failed payment takes the role away until the invoice is paid', async () => {
    await addCard(t.cyrus);
    const bought = await subscribe(t.cyrus.client, 'sultan');
    t.stripe.advance.failPayment(bought.subscription_id);
    const failed = await send(lastEvent('invoice.payment_failed'));
    expect(JSON.parse(failed.response).outcome).toBe('recorded');
    expect(await t.cyrus.client.payments.subscription(bought.subscription_id)).toMatchObject({
      status: 'past_due',
      is_active: false,
    });
    expect(await roleOf(t.cyrus)).toBe('Pilgrim');
    t.stripe.advance.pay(bought.subscription_id);
    await send(lastEvent('invoice.paid'));
    expect(await roleOf(t.cyrus)).toBe('Sultan');
  });

  it('a late event cannot set an older state: the state is read back from Stripe', async () => {
    const [own] = await t.cyrus.client.payments.subscriptions();
    t.stripe.advance.end(own!.subscription_id);
    // The old 'created' event arrives after the subscription ended.
    await send(
      t.stripe.events.find(
        (e) => e.type === 'customer.subscription.created' && e.data.object.id === own!.subscription_id,
      )!,
    );
    expect(await t.cyrus.client.payments.subscription(own!.subscription_id)).toMatchObject({
      status: 'canceled',
    });
    expect(await roleOf(t.cyrus)).toBe('Pilgrim');
  });

  it('answers 200 for events about customers that are not ours, and for other event types', async () => {
    const stranger = await stripe().customers.create({ email: 'someone@elsewhere.example' });
    const card = await stripe().paymentMethods.attach('pm_card_visa', { customer: stranger.id });
    await stripe().customers.update(stranger.id, { invoice_settings: { default_payment_method: card.id } });
    await stripe().subscriptions.create({
      customer: stranger.id,
      items: [{ price: FAKE_PRICES.merchant.month }],
    });
    const delivery = await send(lastEvent('customer.subscription.created'));
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.response).outcome).toBe('ignored');

    const other = { ...lastEvent('invoice.paid'), type: 'charge.succeeded' } as unknown as FakeEvent;
    expect(JSON.parse((await send(other)).response)).toEqual({ received: true, outcome: 'ignored' });
  });
});
