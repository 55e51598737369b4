import type Stripe from 'stripe';
import type { z } from 'zod';
import { GatewayError } from './gateway-error.js';
import { List, StripeInvoice, StripeInvoiceItem } from './stripe-objects.js';

/** The gateway's one way to send a request: Stripe's answer validated with `schema`. */
export type StripeCall = <S extends z.ZodType>(
  send: (stripe: Stripe) => Promise<unknown>,
  schema: S,
) => Promise<z.output<S>>;

export type RemoteInvoiceItem = z.output<typeof StripeInvoiceItem>;
export type RemoteInvoice = z.output<typeof StripeInvoice>;

/** A charge for the customer's next invoice, in the currency's smallest unit. */
export interface InvoiceItemInput {
  customer: string;
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
}

/** An invoice of everything the customer has pending, charged to their default card. */
export interface InvoiceInput {
  customer: string;
  description: string;
  metadata: Record<string, string>;
}

/** How many pages of 100 invoice items a look through them reads before giving up (the bill waits). */
const INVOICE_ITEM_PAGES = 50;

/**
 * The invoice items and invoices of the gateway (StripeGateway.invoices): every write under an
 * idempotency key, every answer validated by the gateway's `call`.
 */
export class StripeInvoices {
  constructor(private readonly call: StripeCall) {}

  createInvoiceItem(input: InvoiceItemInput, key: string): Promise<RemoteInvoiceItem> {
    return this.call(
      (stripe) =>
        stripe.invoiceItems.create(
          {
            customer: input.customer,
            amount: input.amountCents,
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: key },
        ),
      StripeInvoiceItem,
    );
  }

  /** The item as Stripe has it now: its `invoice` names the invoice that took it in, if one has. */
  retrieveInvoiceItem(id: string): Promise<RemoteInvoiceItem> {
    return this.call((stripe) => stripe.invoiceItems.retrieve(id), StripeInvoiceItem);
  }

  /**
   * The customer's newest invoice item made at or after `sinceSeconds` whose metadata holds every
   * pair of `metadata`, or undefined.
   */
  async findInvoiceItem(
    customer: string,
    sinceSeconds: number,
    metadata: Record<string, string>,
  ): Promise<RemoteInvoiceItem | undefined> {
    const matches = (item: RemoteInvoiceItem) =>
      Object.entries(metadata).every(([name, value]) => item.metadata?.[name] === value);
    let found: RemoteInvoiceItem | undefined;
    await this.eachItemPage({ customer, created: { gte: sinceSeconds } }, (items) => {
      found = items.find(matches);
      return found !== undefined;
    });
    return found;
  }

  /** The ids of the customer's invoice items that `invoice` took in. */
  async invoiceItemIds(customer: string, invoice: string): Promise<string[]> {
    const ids: string[] = [];
    await this.eachItemPage({ customer, invoice }, (items) => {
      ids.push(...items.map((item) => item.id));
      return false;
    });
    return ids;
  }

  /**
   * Invoices the customer now for every item they have pending, instead of on their next invoice
   * (a subscription's renewal, or never without one). Stripe finalizes it and charges their
   * default card on its own (auto-advance), retrying a refused charge as its settings say.
   */
  createInvoice(input: InvoiceInput, key: string): Promise<RemoteInvoice> {
    return this.call(
      (stripe) =>
        stripe.invoices.create(
          {
            customer: input.customer,
            pending_invoice_items_behavior: 'include',
            collection_method: 'charge_automatically',
            auto_advance: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: key },
        ),
      StripeInvoice,
    );
  }

  /**
   * Reads the invoice items `filter` selects, newest first, a page of 100 at a time, until `visit`
   * answers true or none are left; refuses to read more than INVOICE_ITEM_PAGES pages.
   */
  private async eachItemPage(
    filter: Stripe.InvoiceItemListParams,
    visit: (items: RemoteInvoiceItem[]) => boolean,
  ): Promise<void> {
    let after: string | undefined;
    for (let page = 0; page < INVOICE_ITEM_PAGES; page++) {
      const list = await this.call(
        (stripe) =>
          stripe.invoiceItems.list({ ...filter, limit: 100, ...(after && { starting_after: after }) }),
        List(StripeInvoiceItem),
      );
      if (visit(list.data)) return;
      after = list.data.at(-1)?.id;
      if (!list.has_more || !after) return;
    }
    throw new GatewayError(
      'unavailable',
      `More than ${INVOICE_ITEM_PAGES * 100} invoice items to look through; not looked further.`,
    );
  }
}
