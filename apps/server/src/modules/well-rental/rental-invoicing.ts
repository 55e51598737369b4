import { createHash } from 'node:crypto';
import { GatewayError } from '../payments/gateway-error.js';
import type { StripeInvoices } from '../payments/stripe-invoices.js';
import type { UserLock } from '../payments/user-lock.js';
import type { BillingLog } from './rental-billing.js';
import type { RentalBillsRepository } from './rental-bills.repository.js';

export interface InvoicingOutcome {
  /** Invoices made at Stripe. */
  invoices: number;
  /** Bills found already on an invoice (made by an attempt that stopped before recording it). */
  adopted: number;
  /** Renters who could not be invoiced: they are tried again on a later run. */
  failed: number;
}

/** What names a renter's invoice as one of well rentals, at Stripe. */
export const RENTAL_INVOICE_METADATA = { caravanserai_billing: 'well_rental' };
const DESCRIPTION = 'Caravanserai well rentals';

/**
 * Renters invoiced for their well rental bills at once (DESIGN 10). Stripe keeps an invoice item
 * for the customer's next invoice, which a renter without a subscription never gets and a yearly
 * subscriber gets up to a year later; so every run, once the bills are at Stripe, makes each
 * renter's customer one invoice of everything they have pending, and Stripe charges their card.
 *
 * Exactly once, across processes and crashes:
 * - A renter is invoiced under the user lock of payments (DESIGN 9): processes invoice one renter
 *   one at a time, and the later one reads from the bills what the earlier one recorded.
 * - Stripe says which invoice took each item in (`invoice`), and no item is ever on two. So each
 *   bill's item is read back first: one already on an invoice (its run stopped before recording
 *   it, or a subscription's renewal took it in) has that invoice recorded, and only items still
 *   pending are invoiced. With nothing pending nothing is invoiced: Stripe would make an empty
 *   invoice.
 * - The invoice is made under a key of the customer and its pending items, so a retried request
 *   is the same invoice.
 * - Its id is recorded on the bills of the items Stripe lists on it; an item another invoice took
 *   in meanwhile is recorded by a later run, as above.
 * A failure is logged, and the renter's bills wait for a later run.
 */
export class RentalInvoicing {
  constructor(
    private readonly bills: RentalBillsRepository,
    private readonly stripe: StripeInvoices,
    private readonly lock: UserLock,
    private readonly log?: BillingLog,
  ) {}

  /** Invoices every renter with bills at Stripe not yet on an invoice. */
  async invoicePending(stopping: () => boolean = () => false): Promise<InvoicingOutcome> {
    const outcome: InvoicingOutcome = { invoices: 0, adopted: 0, failed: 0 };
    for (const renterId of await this.bills.rentersToInvoice()) {
      if (stopping()) break;
      try {
        await this.lock.run(renterId, () => this.invoiceRenter(renterId, outcome));
      } catch (error) {
        outcome.failed++;
        this.log?.warn(
          { err: error, renterId },
          'a renter could not be invoiced for their well rentals; a later run tries again',
        );
      }
    }
    return outcome;
  }

  private async invoiceRenter(renterId: number, outcome: InvoicingOutcome): Promise<void> {
    /** The ids of the items still pending, by the customer they are on. */
    const pending = new Map<string, string[]>();
    for (const bill of await this.bills.uninvoicedOf(renterId)) {
      let item: Awaited<ReturnType<StripeInvoices['retrieveInvoiceItem']>>;
      try {
        item = await this.stripe.retrieveInvoiceItem(bill.invoice_item_id);
      } catch (error) {
        if (!(error instanceof GatewayError) || error.kind !== 'not_found') throw error;
        // Deleted at Stripe by hand: nothing to invoice. Said on every run until someone looks.
        this.log?.warn(
          { rentalId: bill.rental_id, month: bill.month, invoiceItemId: bill.invoice_item_id },
          'the Stripe invoice item of a well rental bill is gone; it is not invoiced',
        );
        continue;
      }
      if (item.invoice) outcome.adopted += await this.bills.setInvoice([item.id], item.invoice);
      else pending.set(item.customer, [...(pending.get(item.customer) ?? []), item.id]);
    }
    for (const [customer, itemIds] of pending) {
      const invoice = await this.stripe.createInvoice(
        { customer, description: DESCRIPTION, metadata: RENTAL_INVOICE_METADATA },
        invoiceKey(customer, itemIds),
      );
      outcome.invoices++;
      await this.bills.setInvoice(await this.stripe.invoiceItemIds(customer, invoice.id), invoice.id);
    }
  }
}

/** One key per customer and set of pending items: however often it is asked for, one invoice. */
export function invoiceKey(customer: string, invoiceItemIds: readonly string[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([customer, ...[...invoiceItemIds].sort()]))
    .digest('base64url');
  return `rental-invoice-${digest}`;
}
