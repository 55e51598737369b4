import type { Rental } from '@caravanserai/api';
import { type SignedIn, stripeSettingsFor } from '@caravanserai/test-kit';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { monthStart } from '../src/modules/caravans/query-admission.js';
import { StripeGateway } from '../src/modules/payments/stripe-gateway.js';
import { UserLock } from '../src/modules/payments/user-lock.js';
import { monthOf } from '../src/modules/well-rental/rental.service.js';
import { RentalBillsRepository } from '../src/modules/well-rental/rental-bills.repository.js';
import {
  invoiceKey,
  RENTAL_INVOICE_METADATA,
  RentalInvoicing,
} from '../src/modules/well-rental/rental-invoicing.js';
import { addCard, subscribe, usePayments } from './payments-helper.js';
import { billingRuns, offerWell, useRental } from './well-rental-billing-helpers.js';

const t = usePayments({
  users: ['owner', 'renter', 'pair', 'single', 'twice', 'refused', 'yearly', 'friend'],
});
const db = () => t.server.testDb.db.kysely;
const runs = () => billingRuns(t.server);

/** Cents per million tokens. */
const PRICE = 1_000;
const thisMonth = monthStart();
const lastMonth = monthStart(thisMonth - 1);
const LAST = monthOf(lastMonth);
/** A run an hour into this month: last month is billed, and its bills invoiced. */
const run = () => runs().runOnce(thisMonth + 60 * 60 * 1000);

/** A priced rental of `renter`'s, with `millions` of tokens used through it last month. */
async function rentedAndUsed(renter: SignedIn, title: string, millions: number): Promise<Rental> {
  const offer = await offerWell(t.owner, title, PRICE);
  const rental = await renter.client.wellRental.rent(offer.offer_id);
  await useRental(t.server, renter, rental, lastMonth + 86_400_000, millions * 1_000_000, 0);
  return rental;
}

const customerOf = async (user: SignedIn) =>
  (await user.client.profiles.get(user.username)).stripe_customer_id;
const invoicesOf = (customer: string | null | undefined) =>
  t.stripe.invoices().filter((invoice) => invoice.customer === customer);
const itemOf = (rental: Rental) =>
  t.stripe.invoiceItems().find((item) => item.metadata?.rental_id === rental.rental_id);
const itemIdsOn = (invoice: Stripe.Invoice | undefined) =>
  t.stripe
    .invoiceItems()
    .filter((item) => item.invoice === invoice?.id)
    .map((item) => item.id)
    .sort();
const invoicePosts = () => t.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/invoices');
const billOf = (rental: Rental) =>
  db()
    .selectFrom('well_rental_bills')
    .selectAll()
    .where('rental_id', '=', rental.rental_id)
    .where('month', '=', LAST)
    .executeTakeFirstOrThrow();

describe('a renter with a card and no subscription', () => {
  it('is invoiced for last month’s rental use by the run that bills it, and charged', async () => {
    await addCard(t.renter);
    const rental = await rentedAndUsed(t.renter, 'Oasis Well', 2);
    await run();

    const customer = await customerOf(t.renter);
    expect(t.stripe.subscriptions().filter((s) => s.customer === customer)).toEqual([]);
    const [invoice, ...more] = invoicesOf(customer);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2 * PRICE,
      billing_reason: 'manual',
      collection_method: 'charge_automatically',
      metadata: RENTAL_INVOICE_METADATA,
    });
    const item = itemOf(rental);
    expect(itemIdsOn(invoice)).toEqual([item?.id]);
    expect(await billOf(rental)).toMatchObject({ invoice_item_id: item?.id, invoice_id: invoice?.id });
    expect(invoicePosts().at(-1)).toMatchObject({
      params: {
        customer,
        pending_invoice_items_behavior: 'include',
        collection_method: 'charge_automatically',
        auto_advance: 'true',
      },
      idempotencyKey: invoiceKey(customer!, [item!.id]),
    });
  });
});

describe('a run', () => {
  let pair: Rental[];

  it('makes one invoice per renter, of all their rentals billed in it', async () => {
    await addCard(t.pair);
    await addCard(t.single);
    pair = [await rentedAndUsed(t.pair, 'Well of Merv', 1), await rentedAndUsed(t.pair, 'Well of Balkh', 3)];
    const single = await rentedAndUsed(t.single, 'Well of Herat', 1);
    const posts = invoicePosts().length;
    await run();

    expect(invoicePosts()).toHaveLength(posts + 2);
    const [pairs, ...morePairs] = invoicesOf(await customerOf(t.pair));
    expect(morePairs).toEqual([]);
    expect(pairs?.amount_due).toBe(4 * PRICE);
    expect(itemIdsOn(pairs)).toEqual(pair.map((r) => itemOf(r)?.id).sort());
    for (const rental of pair) expect((await billOf(rental)).invoice_id).toBe(pairs?.id);
    const [singles, ...moreSingles] = invoicesOf(await customerOf(t.single));
    expect(moreSingles).toEqual([]);
    expect(itemIdsOn(singles)).toEqual([itemOf(single)?.id]);
    expect((await billOf(single)).invoice_id).toBe(singles?.id);
  });

  it('after it makes no new invoice', async () => {
    const invoices = t.stripe.invoices().length;
    const posts = invoicePosts().length;
    await run();
    expect(await runs().invoicing.invoicePending()).toEqual({ invoices: 0, adopted: 0, failed: 0 });
    expect(invoicePosts()).toHaveLength(posts);
    expect(t.stripe.invoices()).toHaveLength(invoices);
  });

  it('that stopped between Stripe’s invoice and its record leaves the next to record it, not invoice again', async () => {
    const invoice = invoicesOf(await customerOf(t.pair))[0]!;
    await db()
      .updateTable('well_rental_bills')
      .set({ invoice_id: null })
      .where(
        'rental_id',
        'in',
        pair.map((r) => r.rental_id),
      )
      .execute();
    const posts = invoicePosts().length;
    expect(await runs().invoicing.invoicePending()).toEqual({ invoices: 0, adopted: 2, failed: 0 });
    expect(invoicePosts()).toHaveLength(posts);
    for (const rental of pair) expect((await billOf(rental)).invoice_id).toBe(invoice.id);
    expect(invoicesOf(await customerOf(t.pair))).toHaveLength(1);
  });

  it('in two processes at once makes one invoice', async () => {
    await addCard(t.twice);
    const rental = await rentedAndUsed(t.twice, 'Well of Nishapur', 2);
    await runs().billing.billMonth(LAST);
    // Another process: its own connection to Stripe and its own lock.
    const other = new RentalInvoicing(
      new RentalBillsRepository(db()),
      new StripeGateway(stripeSettingsFor(t.stripe)).invoices,
      new UserLock(t.server.testDb.db),
    );
    const outcomes = await Promise.all([runs().invoicing.invoicePending(), other.invoicePending()]);
    expect(outcomes.map((o) => o.failed)).toEqual([0, 0]);
    const [invoice, ...more] = invoicesOf(await customerOf(t.twice));
    expect(more).toEqual([]);
    expect(itemIdsOn(invoice)).toEqual([itemOf(rental)?.id]);
    expect((await billOf(rental)).invoice_id).toBe(invoice?.id);
  });

  it('whose invoice Stripe refuses says so, and a later run invoices the renter once', async () => {
    await addCard(t.refused);
    const rental = await rentedAndUsed(t.refused, 'Well of Bukhara', 1);
    await runs().billing.billMonth(LAST);
    const refusal = { type: 'invalid_request_error' as const, message: 'Not now.' };
    t.stripe.failNext(1, { status: 400, error: refusal }, { method: 'POST', path: '/v1/invoices' });
    expect(await runs().invoicing.invoicePending()).toEqual({ invoices: 0, adopted: 0, failed: 1 });
    expect((await billOf(rental)).invoice_id).toBeNull();
    expect(invoicesOf(await customerOf(t.refused))).toEqual([]);

    await run();
    const [invoice, ...more] = invoicesOf(await customerOf(t.refused));
    expect(more).toEqual([]);
    expect(itemIdsOn(invoice)).toEqual([itemOf(rental)?.id]);
    expect((await billOf(rental)).invoice_id).toBe(invoice?.id);
  });
});

describe('a yearly subscriber', () => {
  it('is invoiced for the month’s rentals now, apart from the subscription, not at its renewal', async () => {
    await addCard(t.yearly);
    await subscribe(t.yearly.client, 'merchant', 'year');
    const rental = await rentedAndUsed(t.yearly, 'Well of Samarkand', 5);
    await run();
    const rentals = invoicesOf(await customerOf(t.yearly)).filter((i) => i.parent === null);
    expect(rentals).toHaveLength(1);
    expect(rentals[0]).toMatchObject({ status: 'paid', amount_paid: 5 * PRICE });
    expect(itemIdsOn(rentals[0])).toEqual([itemOf(rental)?.id]);
  });
});

describe('a free rental', () => {
  it('makes no invoice', async () => {
    const free = await offerWell(t.owner, 'Common Well', 0);
    const rental = await t.friend.client.wellRental.rent(free.offer_id);
    await useRental(t.server, t.friend, rental, lastMonth + 86_400_000, 2_000_000, 0);
    const posts = invoicePosts().length;
    await run();
    expect(invoicePosts()).toHaveLength(posts);
    expect(await customerOf(t.friend)).toBeFalsy();
  });
});
