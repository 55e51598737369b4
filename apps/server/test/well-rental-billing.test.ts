import type { Rental, WellOffer } from '@caravanserai/api';
import { createLogbook, expectStatus, type SignedIn, stripeSettingsFor } from '@caravanserai/test-kit';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { monthStart } from '../src/modules/caravans/query-admission.js';
import { StripeGateway } from '../src/modules/payments/stripe-gateway.js';
import { withdrawOffers } from '../src/modules/well-rental/offer-withdrawal.js';
import { monthOf } from '../src/modules/well-rental/rental.service.js';
import { ABANDONED_AFTER_MS } from '../src/modules/well-rental/rental-billing.js';
import { addCard, usePayments } from './payments-helper.js';
import {
  billingRuns,
  offerWell as offerPricedWell,
  useRental as useRentalAt,
} from './well-rental-billing-helpers.js';

const t = usePayments({
  users: ['owner', 'renter', 'friend', 'hasty', 'late', 'tardy', 'lender', 'vast', 'racer'],
});
const db = () => t.server.testDb.db.kysely;
const schedule = () => billingRuns(t.server);
const billing = () => schedule().billing;

/** Cents per million tokens of the priced offer. */
const PRICE = 250;
const thisMonth = monthStart();
const lastMonth = monthStart(thisMonth - 1);
const LAST = monthOf(lastMonth);
const BEFORE_LAST = monthOf(monthStart(lastMonth - 1));

/** Use of a rental at a given moment, recorded as a query through it records it. */
const useRental = (user: SignedIn, rental: Rental, at: number, input: number, output: number) =>
  useRentalAt(t.server, user, rental, at, input, output);

const itemsOf = (rental: Rental) =>
  t.stripe.invoiceItems().filter((item) => item.metadata?.rental_id === rental.rental_id);
const billOf = (rental: Rental, month: string) =>
  db()
    .selectFrom('well_rental_bills')
    .selectAll()
    .where('rental_id', '=', rental.rental_id)
    .where('month', '=', month)
    .executeTakeFirst();
/** The rental's bills as a process that stopped after claiming them left them: no item, long ago. */
const abandonBills = (rental: Rental) =>
  db()
    .updateTable('well_rental_bills')
    .set({ invoice_item_id: null, created_at: Date.now() - ABANDONED_AFTER_MS - 60_000 })
    .where('rental_id', '=', rental.rental_id)
    .execute();
const itemPosts = () => t.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/invoiceitems');

const offerWell = (title: string, price: number, owner: SignedIn = t.owner) =>
  offerPricedWell(owner, title, price);

describe('a priced well rental', () => {
  let offer: WellOffer;
  let rental: Rental;

  beforeAll(async () => {
    offer = await offerWell('Oasis Well', PRICE);
  });

  it('can be offered with payments on, and renting it needs a saved card first', async () => {
    expect(offer.price_per_million_tokens).toBe(PRICE);
    const body = await expectStatus(t.renter.client.wellRental.rent(offer.offer_id), 400);
    expect(body).toMatchObject({ code: 'payment_method_required' });
    await addCard(t.renter);
    rental = await t.renter.client.wellRental.rent(offer.offer_id);
    expect(rental).toMatchObject({ offer_id: offer.offer_id, price_per_million_tokens: PRICE });
  });

  it('last month’s use becomes one invoice item on the renter’s customer, however often it is billed', async () => {
    await useRental(t.renter, rental, lastMonth + 3 * 86_400_000, 300_000, 100_001);
    await useRental(t.renter, rental, thisMonth - 1, 150_000, 50_000);
    // Outside the month on either side: not in its bill.
    await useRental(t.renter, rental, lastMonth - 1, 900_000, 0);
    await useRental(t.renter, rental, thisMonth, 700_000, 0);
    const tokens = 600_001;
    const amount = Math.ceil((tokens * PRICE) / 1_000_000);

    // Two processes' runs at once bill it once.
    const outcomes = await Promise.all([billing().billMonth(LAST), billing().billMonth(LAST)]);
    expect(outcomes.reduce((n, o) => n + o.invoiced, 0)).toBe(1);
    expect(outcomes.every((o) => o.failed === 0)).toBe(true);

    const { stripe_customer_id } = await t.renter.client.profiles.get(t.renter.username);
    const [item, ...more] = itemsOf(rental);
    expect(more).toEqual([]);
    expect(item).toMatchObject({
      customer: stripe_customer_id,
      amount,
      currency: 'usd',
      description: `Caravanserai well rental: Oasis Well (${t.owner.username}), ${LAST}: 600,001 tokens`,
      metadata: { rental_id: rental.rental_id, month: LAST },
    });
    expect(itemPosts().at(-1)?.idempotencyKey).toBe(`rental-bill-${rental.rental_id}-${LAST}`);
    expect(await billOf(rental, LAST)).toMatchObject({
      tokens,
      amount_cents: amount,
      invoice_item_id: item?.id,
    });

    const posts = itemPosts().length;
    expect(await billing().billMonth(LAST)).toEqual({ invoiced: 0, failed: 0 });
    expect(itemPosts()).toHaveLength(posts);
    expect(itemsOf(rental)).toHaveLength(1);
  });

  it('the owner sees the month’s earnings', async () => {
    const { months } = await t.owner.client.wellRental.earnings();
    expect(months.find((m) => m.month === LAST)).toEqual({
      month: LAST,
      tokens: 600_001,
      amount_cents: Math.ceil((600_001 * PRICE) / 1_000_000),
      rentals: 1,
    });
  });

  it('a bill left half-done is finished with the item Stripe already made, not a second one', async () => {
    const item = itemsOf(rental)[0]!;
    await abandonBills(rental);
    const posts = itemPosts().length;
    expect(await billing().finishOpen()).toEqual({ invoiced: 1, failed: 0 });
    expect(itemPosts()).toHaveLength(posts);
    expect((await billOf(rental, LAST))?.invoice_item_id).toBe(item.id);
  });

  it('a bill left half-done finds its item on a later page, past a hundred newer ones', async () => {
    const item = itemsOf(rental)[0]!;
    const { stripe_customer_id } = await t.renter.client.profiles.get(t.renter.username);
    const stripe = new StripeGateway(stripeSettingsFor(t.stripe));
    for (let i = 0; i < 150; i++)
      await stripe.invoices.createInvoiceItem(
        {
          customer: stripe_customer_id!,
          amountCents: 1,
          currency: 'usd',
          description: `Another charge ${i}`,
          metadata: { other: String(i) },
        },
        `another-charge-${process.pid}-${i}`,
      );
    await abandonBills(rental);
    const posts = itemPosts().length;
    const lists = () =>
      t.stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/invoiceitems').length;
    const listed = lists();
    expect(await billing().finishOpen()).toEqual({ invoiced: 1, failed: 0 });
    expect(itemPosts()).toHaveLength(posts);
    expect(lists() - listed).toBe(2);
    expect((await billOf(rental, LAST))?.invoice_item_id).toBe(item.id);
  });

  it('a bill claimed but never sent is sent once abandoned, and not before', async () => {
    const claim = (month: string, createdAt: number) =>
      db()
        .insertInto('well_rental_bills')
        .values({
          rental_id: rental.rental_id,
          month,
          tokens: 4_000_000,
          amount_cents: 4 * PRICE,
          invoice_item_id: null,
          created_at: createdAt,
        })
        .execute();
    await claim(BEFORE_LAST, Date.now() - ABANDONED_AFTER_MS - 60_000);
    await claim('2001-01', Date.now());
    expect(await billing().finishOpen()).toEqual({ invoiced: 1, failed: 0 });
    const sent = itemsOf(rental).filter((i) => i.metadata?.month === BEFORE_LAST);
    expect(sent.map((i) => i.amount)).toEqual([4 * PRICE]);
    expect((await billOf(rental, BEFORE_LAST))?.invoice_item_id).toBe(sent[0]?.id);
    expect((await billOf(rental, '2001-01'))?.invoice_item_id).toBeNull();
  });
});

describe('billing', () => {
  it('never bills a free rental, nor makes its renter a Stripe customer', async () => {
    const free = await offerWell('Common Well', 0);
    const rental = await t.friend.client.wellRental.rent(free.offer_id);
    await useRental(t.friend, rental, lastMonth + 86_400_000, 2_000_000, 0);
    await billing().billMonth(LAST);
    expect(await billOf(rental, LAST)).toBeUndefined();
    expect(itemsOf(rental)).toEqual([]);
    expect((await t.friend.client.profiles.get(t.friend.username)).stripe_customer_id).toBeFalsy();
  });

  it('bills only a month that is over', async () => {
    await expect(billing().billMonth(monthOf(thisMonth))).rejects.toThrow(/not over/);
    await expect(billing().billMonth('2025-13')).rejects.toThrow(/Not a month/);
  });

  it('runs bill the last month once it has been over for ten minutes', () => {
    const march = Date.UTC(2025, 2, 1);
    expect(schedule().monthToBill(march + 5 * 60_000)).toBe('2025-01');
    expect(schedule().monthToBill(march + 15 * 60_000)).toBe('2025-02');
    expect(schedule().monthToBill(Date.UTC(2025, 0, 20))).toBe('2024-12');
  });

  it('a run bills what the last month left unbilled', async () => {
    await addCard(t.hasty);
    const offer = await offerWell('Night Well', 1_000);
    const rental = await t.hasty.client.wellRental.rent(offer.offer_id);
    await useRental(t.hasty, rental, lastMonth + 86_400_000, 1_000, 0);
    await schedule().runOnce(thisMonth + 60 * 60 * 1000);
    expect(itemsOf(rental).map((i) => [i.amount, i.metadata?.month])).toEqual([[1, LAST]]);
  });

  it('bills what was used through a well its owner deleted since', async () => {
    await addCard(t.late);
    const offer = await offerWell('Dry Well', 1_000);
    const rental = await t.late.client.wellRental.rent(offer.offer_id);
    await useRental(t.late, rental, lastMonth + 86_400_000, 3_000, 0);
    await t.owner.client.wells.remove(rental.wellid);
    await billing().billMonth(LAST);
    expect(itemsOf(rental).map((i) => [i.amount, i.description])).toEqual([
      [3, `Caravanserai well rental: A deleted well (${t.owner.username}), ${LAST}: 3,000 tokens`],
    ]);
  });
});

describe('a run', () => {
  it('bills every closed month left unbilled, oldest first, each once', async () => {
    await addCard(t.tardy);
    const offer = await offerWell('Slow Well', 1_000);
    const rental = await t.tardy.client.wellRental.rent(offer.offer_id);
    const twoBack = monthStart(lastMonth - 1);
    const threeBack = monthStart(twoBack - 1);
    await useRental(t.tardy, rental, threeBack + 86_400_000, 2_000, 0);
    await useRental(t.tardy, rental, twoBack + 86_400_000, 5_000, 0);

    await schedule().runOnce(thisMonth + 60 * 60 * 1000);
    const billed = [
      [2, monthOf(threeBack)],
      [5, monthOf(twoBack)],
    ];
    expect(itemsOf(rental).map((i) => [i.amount, i.metadata?.month])).toEqual(billed);
    expect((await billOf(rental, monthOf(twoBack)))?.invoice_item_id).toEqual(expect.any(String));

    await schedule().runOnce(thisMonth + 2 * 60 * 60 * 1000);
    expect(itemsOf(rental).map((i) => [i.amount, i.metadata?.month])).toEqual(billed);
  });
});

describe('a rental’s use past the range of a 32-bit integer', () => {
  // A provider reporting this many tokens each way (an owner's own server may): 2.4 billion in all.
  const HALF = 1_200_000_000;
  const TOKENS = 2 * HALF;
  const AMOUNT = Math.ceil((TOKENS * PRICE) / 1_000_000);
  let rental: Rental;

  beforeAll(async () => {
    await addCard(t.vast);
    const offer = await offerWell('Deep Well', PRICE, t.lender);
    rental = await t.vast.client.wellRental.rent(offer.offer_id);
    await useRental(t.vast, rental, lastMonth + 86_400_000, HALF, HALF);
    await useRental(t.vast, rental, thisMonth, HALF, HALF);
  });

  it('is billed', async () => {
    await billing().billMonth(LAST);
    expect(await billOf(rental, LAST)).toMatchObject({ tokens: TOKENS, amount_cents: AMOUNT });
    expect(itemsOf(rental).map((i) => [i.amount, i.metadata?.month])).toEqual([[AMOUNT, LAST]]);
  });

  it('is counted against the cap: the next query is refused (403 quota_exceeded)', async () => {
    const { renting } = await t.vast.client.wellRental.rentals();
    expect(renting.find((r) => r.rental_id === rental.rental_id)?.tokens_this_month).toBe(TOKENS);
    const { logid } = await createLogbook(t.vast.client);
    const asked = t.vast.client.queries.submit({ logid, prompt: 'More', context: '', wellid: rental.wellid });
    expect(await expectStatus(asked, 403)).toEqual({
      detail: 'Monthly token cap of 5000000 reached for this rented well.',
      code: 'quota_exceeded',
    });
  });

  it('is in the owner’s earnings', async () => {
    expect(await t.lender.client.wellRental.earnings()).toEqual({
      months: [
        { month: monthOf(thisMonth), tokens: TOKENS, amount_cents: AMOUNT, rentals: 1 },
        { month: LAST, tokens: TOKENS, amount_cents: AMOUNT, rentals: 1 },
      ],
    });
  });
});

describe('renting a priced offer', () => {
  it('withdrawn while the renter’s card is looked up is refused as withdrawn, and leaves no rental', async () => {
    await addCard(t.racer);
    const { stripe_customer_id } = await t.racer.client.profiles.get(t.racer.username);
    const offer = await offerWell('Mirage Well', PRICE);
    const asked = t.stripe.requests.length;
    const cardLookedUp = () =>
      t.stripe.requests.slice(asked).some((r) => r.method === 'GET' && r.path.includes(stripe_customer_id!));
    let renting: Promise<unknown> | undefined;
    // The owner withdraws the offer in a transaction held open while the renter rents it.
    await db()
      .transaction()
      .execute(async (trx) => {
        await withdrawOffers(trx, { offer_id: offer.offer_id }, Date.now());
        renting = expectStatus(t.racer.client.wellRental.rent(offer.offer_id), 404);
        // Awaited below, once the withdrawal is committed.
        renting.catch(() => {});
        // The renter's request has read the offer (as not withdrawn: this is not committed yet).
        await vi.waitFor(() => expect(cardLookedUp()).toBe(true));
        // On PostgreSQL its rental then waits for the withdrawal; SQLite writes one transaction at a time.
        if (t.server.testDb.db.dialect === 'postgres')
          await vi.waitFor(async () => {
            const { rows } = await sql<{ waiting: number | string }>`
              select count(*) as waiting from pg_stat_activity
              where pg_backend_pid() = any(pg_blocking_pids(pid))`.execute(trx);
            expect(Number(rows[0]?.waiting)).toBe(1);
          });
      });
    expect(await renting).toEqual({ detail: 'Offer not found.', code: 'not_found' });
    const rentals = await db()
      .selectFrom('well_rentals')
      .select('rental_id')
      .where('offer_id', '=', offer.offer_id)
      .execute();
    expect(rentals).toEqual([]);
  });
});
