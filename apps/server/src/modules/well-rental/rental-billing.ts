import type { FastifyBaseLogger } from 'fastify';
import { now } from '../../db/columns.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { Customers } from '../payments/customers.js';
import type { StripeGateway } from '../payments/stripe-gateway.js';
import { amountFor, monthOf } from './rental.service.js';
import type { BillableRental, OpenBill, RentalBillsRepository } from './rental-bills.repository.js';
import type { RentalsRepository } from './rentals.repository.js';

export type BillingLog = Pick<FastifyBaseLogger, 'warn'>;

/** Well prices are in US cents, as the tiers' are. */
export const BILL_CURRENCY = 'usd';
/** A bill claimed this long ago and still without its invoice item was left half-done. */
export const ABANDONED_AFTER_MS = 15 * 60 * 1000;
/** Stripe's clock and ours may disagree: invoice items are looked for from this long before the claim. */
const CLOCK_SLACK_S = 24 * 60 * 60;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface BillingOutcome {
  /** Invoice items made at (or found at) Stripe. */
  invoiced: number;
  /** Bills that could not reach Stripe: they are tried again on a later run. */
  failed: number;
}

type Bill = BillableRental & Pick<OpenBill, 'month' | 'tokens' | 'amount_cents' | 'created_at'>;

/** The first moment of `month` ('YYYY-MM', UTC) and of the month after it. */
export function monthRange(month: string): { since: number; until: number } {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`Not a month: '${month}' (expected YYYY-MM).`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { since: Date.UTC(year, index, 1), until: Date.UTC(year, index + 1, 1) };
}

/**
 * Priced well rentals billed to their renters (DESIGN 10): each rental's use in a closed month
 * becomes one Stripe invoice item on the renter's customer, which RentalInvoicing then invoices.
 *
 * Exactly once, across processes and crashes: a bill is first claimed in `well_rental_bills`
 * (its primary key lets one process win), and only the winner calls Stripe, then records the
 * item's id. Calling Stripe first would rest on the idempotency key alone: a process stopping
 * between Stripe's answer and our row leaves a charge we hold no record of, and a retry once
 * Stripe has forgotten the key (after 24 hours) would charge again. Claiming first, the worst case
 * is a claim whose process stopped before Stripe answered: `finishOpen` finishes such a bill later,
 * looking first among the customer's invoice items for one carrying the bill's metadata and
 * making one only if there is none, under the same idempotency key, so that two processes
 * finishing it at once still make one item.
 */
export class RentalBilling {
  constructor(
    private readonly rentals: RentalsRepository,
    private readonly bills: RentalBillsRepository,
    private readonly users: UsersRepository,
    private readonly customers: Customers,
    private readonly gateway: StripeGateway,
    private readonly log?: BillingLog,
  ) {}

  /**
   * Bills every priced rental used in `month` that has no bill for it yet. Only a month that is
   * over can be billed: a bill is final, and a month under way still has use to come.
   */
  async billMonth(month: string, stopping: () => boolean = () => false): Promise<BillingOutcome> {
    const { since, until } = monthRange(month);
    if (until > now()) throw new Error(`${month} is not over yet: only a closed month is billed.`);
    const outcome: BillingOutcome = { invoiced: 0, failed: 0 };
    const rentals = await this.bills.unbilled(month, since, until);
    if (rentals.length === 0) return outcome;
    const used = await this.rentals.tokensSince(
      rentals.map((r) => r.rental_id),
      since,
      until,
    );
    for (const rental of rentals) {
      if (stopping()) break;
      const tokens = used.get(rental.rental_id) ?? 0;
      const bill: Bill = {
        ...rental,
        month,
        tokens,
        amount_cents: amountFor(tokens, rental.price_cents),
        created_at: now(),
      };
      const claimed = await this.bills.claim({
        rental_id: bill.rental_id,
        month,
        tokens,
        amount_cents: bill.amount_cents,
        invoice_item_id: null,
        created_at: bill.created_at,
      });
      // Another process claimed it first; a month of no tokens is recorded with nothing to charge.
      if (!claimed || bill.amount_cents === 0) continue;
      await this.send(bill, false, outcome);
    }
    return outcome;
  }

  /**
   * Bills every month up to `last` (closed) in which a priced rental was used and has no bill yet,
   * oldest first: a month no run billed while it was the last one over is billed by a later run.
   * Months with no priced use at all are skipped without a look.
   */
  async billThrough(last: string, stopping: () => boolean = () => false): Promise<BillingOutcome> {
    const { until } = monthRange(last);
    const outcome: BillingOutcome = { invoiced: 0, failed: 0 };
    let since = 0;
    for (;;) {
      const first = await this.bills.firstPricedUse(since, until);
      if (first === undefined || stopping()) return outcome;
      const month = monthOf(first);
      const billed = await this.billMonth(month, stopping);
      outcome.invoiced += billed.invoiced;
      outcome.failed += billed.failed;
      since = monthRange(month).until;
    }
  }

  /** Finishes the bills whose claim is older than ABANDONED_AFTER_MS and which have no invoice item yet. */
  async finishOpen(stopping: () => boolean = () => false): Promise<BillingOutcome> {
    const outcome: BillingOutcome = { invoiced: 0, failed: 0 };
    for (const bill of await this.bills.open(now() - ABANDONED_AFTER_MS)) {
      if (stopping()) break;
      await this.send(bill, true, outcome);
    }
    return outcome;
  }

  /**
   * Makes the bill's invoice item (or, when `lookFirst`, adopts the one an earlier attempt made)
   * and records it. A failure is logged and left for a later run: the claim stays open.
   */
  private async send(bill: Bill, lookFirst: boolean, outcome: BillingOutcome): Promise<void> {
    try {
      const renter = await this.users.findById(bill.renter_id);
      // The renter's account is gone, and its rentals and bills with it.
      if (!renter) return;
      const customer = await this.customers.ensure(renter);
      const metadata = { rental_id: bill.rental_id, month: bill.month };
      let itemId: string | undefined;
      if (lookFirst)
        itemId = (
          await this.gateway.invoices.findInvoiceItem(
            customer,
            Math.floor(bill.created_at / 1000) - CLOCK_SLACK_S,
            metadata,
          )
        )?.id;
      itemId ??= (
        await this.gateway.invoices.createInvoiceItem(
          {
            customer,
            amountCents: bill.amount_cents,
            currency: BILL_CURRENCY,
            description: describe(bill),
            metadata,
          },
          billKey(bill),
        )
      ).id;
      await this.bills.setInvoiceItem(bill.rental_id, bill.month, itemId);
      outcome.invoiced++;
    } catch (error) {
      outcome.failed++;
      this.log?.warn(
        { err: error, rentalId: bill.rental_id, month: bill.month },
        'a well rental bill could not be sent to Stripe; a later run tries again',
      );
    }
  }
}

/** One key per rental and month: however often a bill is sent, Stripe makes one item of it. */
export const billKey = (bill: Pick<Bill, 'rental_id' | 'month'>) =>
  `rental-bill-${bill.rental_id}-${bill.month}`;

/** What the renter's invoice says of the line (Stripe keeps up to 500 characters of it). */
function describe(bill: Bill): string {
  const tokens = bill.tokens.toLocaleString('en-US');
  const line = `Caravanserai well rental: ${bill.well_title} (${bill.owner_username}), ${bill.month}: ${tokens} tokens`;
  return line.slice(0, 500);
}
