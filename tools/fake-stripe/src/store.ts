import type Stripe from 'stripe';
import { type Decline, invalidRequest, noSuch } from './errors';
import {
  type FakeEvent,
  type InvoiceEvent,
  invoiceEvent,
  type RequestRef,
  type SubscriptionEvent,
  subscriptionEvent,
} from './events';
import { type PriceSpec, priceObject } from './objects';

type Stored =
  | Stripe.Customer
  | Stripe.PaymentMethod
  | Stripe.Subscription
  | Stripe.Invoice
  | Stripe.InvoiceItem
  | Stripe.Price;

/**
 * Everything the fake knows, in memory: the objects by id and the events they raised. Endpoints
 * change the objects in place and hand out copies.
 */
export class Store {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  /**
   * One-off charges: pending until an invoice made with `pending_invoice_items_behavior=include`
   * takes them in (the invoices of subscriptions leave them pending).
   */
  readonly invoiceItems = new Map<string, Stripe.InvoiceItem>();
  readonly prices = new Map<string, Stripe.Price>();
  /** Cards that attach but whose every charge is refused (pm_card_chargeCustomerFail). */
  readonly chargeDeclines = new Map<string, Decline>();
  readonly events: FakeEvent[] = [];

  constructor(
    private readonly priceSpecs: readonly PriceSpec[],
    private readonly clock: () => number,
    private readonly onEvent: (event: FakeEvent) => void,
  ) {
    this.reset();
  }

  now(): number {
    return this.clock();
  }

  reset(): void {
    this.customers.clear();
    this.paymentMethods.clear();
    this.subscriptions.clear();
    this.invoices.clear();
    this.invoiceItems.clear();
    this.chargeDeclines.clear();
    this.events.length = 0;
    this.prices.clear();
    for (const spec of this.priceSpecs) this.prices.set(spec.id, priceObject(spec, this.now()));
  }

  customer(id: string, param: string, inPath: boolean): Stripe.Customer {
    const found = this.customers.get(id);
    if (!found) throw noSuch('customer', id, param, inPath);
    return found;
  }

  paymentMethod(id: string, param: string, inPath: boolean): Stripe.PaymentMethod {
    const found = this.paymentMethods.get(id);
    if (!found) throw noSuch('payment_method', id, param, inPath);
    return found;
  }

  subscription(id: string, param: string, inPath: boolean): Stripe.Subscription {
    const found = this.subscriptions.get(id);
    if (!found) throw noSuch('subscription', id, param, inPath);
    return found;
  }

  invoice(id: string, param: string, inPath: boolean): Stripe.Invoice {
    const found = this.invoices.get(id);
    if (!found) throw noSuch('invoice', id, param, inPath);
    return found;
  }

  price(id: string, param: string): Stripe.Price {
    const found = this.prices.get(id);
    if (!found) throw noSuch('price', id, param, false);
    return found;
  }

  emitSubscription(
    type: SubscriptionEvent['type'],
    subscription: Stripe.Subscription,
    request: RequestRef,
    previous?: Partial<Stripe.Subscription>,
  ): void {
    this.record(subscriptionEvent(type, subscription, previous, request, this.now()));
  }

  emitInvoice(type: InvoiceEvent['type'], invoice: Stripe.Invoice, request: RequestRef): void {
    this.record(invoiceEvent(type, invoice, request, this.now()));
  }

  private record(event: FakeEvent): void {
    this.events.push(event);
    this.onEvent(event);
  }

  private lookup(id: string): Stored | undefined {
    return (
      this.customers.get(id) ??
      this.paymentMethods.get(id) ??
      this.subscriptions.get(id) ??
      this.invoices.get(id) ??
      this.invoiceItems.get(id) ??
      this.prices.get(id)
    );
  }

  /**
   * A copy of `object` with the `expand` paths replaced by the objects their ids name, as Stripe
   * does: `latest_invoice`, `invoice_settings.default_payment_method`, `data.customer` in a list.
   */
  expanded<T>(object: T, paths: readonly string[]): T {
    const copy = structuredClone(object);
    for (const path of paths) this.expandPath(copy, path.split('.'), path);
    return copy;
  }

  private expandPath(node: unknown, segments: string[], path: string): void {
    if (node === null || typeof node !== 'object') return;
    const [head, ...rest] = segments;
    if (head === undefined) return;
    const record = node as Record<string, unknown>;
    const value = record[head];
    if (Array.isArray(value) && head === 'data') {
      for (const item of value) this.expandPath(item, rest, path);
      return;
    }
    if (rest.length > 0) {
      const next = typeof value === 'string' ? this.resolve(value, path) : value;
      record[head] = next;
      this.expandPath(next, rest, path);
      return;
    }
    if (typeof value === 'string') record[head] = this.resolve(value, path);
    else if (value !== null && (typeof value !== 'object' || !('id' in value)))
      throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
  }

  private resolve(id: string, path: string): Stored {
    const found = this.lookup(id);
    if (!found) throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
    return structuredClone(found);
  }
}
