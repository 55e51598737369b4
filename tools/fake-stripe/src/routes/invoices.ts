import type Stripe from 'stripe';
import { createCustomerInvoice } from '../customer-invoice';
import { invalidParam, missingParam } from '../errors';
import type { Params } from '../params';
import type { Call, Endpoint } from '../router';
import { listPage } from './pages';

const STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export const invoiceEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/v1/invoices',
    handle({ params, store, request }: Call) {
      params.only(
        'customer',
        'auto_advance',
        'collection_method',
        'currency',
        'days_until_due',
        'description',
        'metadata',
        'pending_invoice_items_behavior',
      );
      const customer = store.customer(params.requiredString('customer'), 'customer', false);
      const behavior = params.oneOf('pending_invoice_items_behavior', ['exclude', 'include'] as const);
      const collection =
        params.oneOf('collection_method', ['charge_automatically', 'send_invoice'] as const) ??
        'charge_automatically';
      const days = params.integer('days_until_due', 0, 730);
      if (collection === 'send_invoice' && days === undefined) throw missingParam('days_until_due');
      if (collection !== 'send_invoice' && days !== undefined)
        throw invalidParam(
          'days_until_due',
          'days_until_due can only be set when collection_method is send_invoice.',
        );
      const currency = params.string('currency')?.toLowerCase();
      if (currency !== undefined && !/^[a-z]{3}$/.test(currency))
        throw invalidParam('currency', `Invalid currency: ${currency}`);
      const description = params.nullableString('description') ?? null;
      if (description !== null && description.length > 1500)
        throw invalidParam('description', 'Invalid string: at most 1500 characters.');
      const invoice = createCustomerInvoice(
        store,
        {
          customer: customer.id,
          // Stripe's default since API version 2022-08-01: an invoice leaves pending items alone.
          includePending: behavior === 'include',
          currency,
          autoAdvance: params.boolean('auto_advance') ?? false,
          collection,
          daysUntilDue: days ?? null,
          description,
          metadata: metadataOf(params),
        },
        request,
      );
      return store.expanded(invoice, params.expand());
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    handle(call: Call) {
      const { params, store, url } = call;
      params.only('customer', 'status', 'limit', 'starting_after', 'ending_before');
      const customer = params.string('customer');
      if (customer !== undefined) store.customer(customer, 'customer', false);
      const status = params.oneOf('status', STATUSES);
      const all = [...store.invoices.values()]
        .reverse()
        .filter(
          (i) =>
            (customer === undefined || i.customer === customer) &&
            (status === undefined || i.status === status),
        );
      return listPage(all, url, call);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    handle({ params, path, store }: Call) {
      params.only();
      return store.expanded(store.invoice(path.id!, 'id', true), params.expand());
    },
  },
];

/** The metadata a new object starts with: an empty value sets nothing. */
function metadataOf(params: Params): Stripe.Metadata {
  const metadata: Stripe.Metadata = {};
  for (const [key, value] of Object.entries(params.metadata() ?? {}))
    if (value !== null) metadata[key] = value;
  return metadata;
}
