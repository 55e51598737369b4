import { invalidParam, missingParam, noSuch } from '../errors';
import { invoiceItemObject } from '../invoice-item-object';
import type { Call, Endpoint } from '../router';
import { applyMetadata } from './customers';
import { listPage } from './pages';

/** Stripe's bound on an amount in a two-decimal currency: eight digits. */
const MAX_AMOUNT = 99_999_999;
const MAX_SECONDS = 100_000_000_000;

export const invoiceItemEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/v1/invoiceitems',
    handle({ params, store }: Call) {
      params.only('customer', 'amount', 'currency', 'description', 'discountable', 'metadata');
      const customerId = params.requiredString('customer');
      const amount = params.integer('amount', -MAX_AMOUNT, MAX_AMOUNT);
      if (amount === undefined) throw missingParam('amount');
      // The fake's customers have no currency of their own, so every item names one.
      const currency = params.requiredString('currency').toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalidParam('currency', `Invalid currency: ${currency}`);
      const description = params.nullableString('description') ?? null;
      if (description !== null && description.length > 5000)
        throw invalidParam('description', 'Invalid string: at most 5000 characters.');
      const customer = store.customer(customerId, 'customer', false);
      const item = invoiceItemObject({
        customer: customer.id,
        amount,
        currency,
        description,
        // Credits are not discounted, charges are unless told otherwise.
        discountable: params.boolean('discountable') ?? amount >= 0,
        nowMs: store.now(),
      });
      applyMetadata(item, params);
      store.invoiceItems.set(item.id, item);
      return store.expanded(item, params.expand());
    },
  },
  {
    method: 'GET',
    path: '/v1/invoiceitems',
    handle(call: Call) {
      const { params, store, url } = call;
      params.only('customer', 'pending', 'invoice', 'created', 'limit', 'starting_after', 'ending_before');
      const customer = params.string('customer');
      if (customer !== undefined) store.customer(customer, 'customer', false);
      const pending = params.boolean('pending');
      const invoice = params.string('invoice');
      const created = params.range('created', 0, MAX_SECONDS);
      const all = [...store.invoiceItems.values()].reverse().filter((item) => {
        if (customer !== undefined && item.customer !== customer) return false;
        if (pending !== undefined && (item.invoice === null) !== pending) return false;
        if (invoice !== undefined && item.invoice !== invoice) return false;
        return created(item.date);
      });
      return listPage(all, url, call);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoiceitems/:id',
    handle({ params, path, store }: Call) {
      params.only();
      const item = store.invoiceItems.get(path.id!);
      if (!item) throw noSuch('invoice_item', path.id!, 'id', true);
      return store.expanded(item, params.expand());
    },
  },
];
