import type Stripe from 'stripe';
import { invalidRequest } from '../errors';
import { customerObject } from '../objects';
import type { Params } from '../params';
import type { Call, Endpoint } from '../router';
import type { Store } from '../store';

const FIELDS = ['email', 'name', 'description', 'metadata', 'invoice_settings'] as const;

export const customerEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    handle({ params, store }: Call) {
      params.only(...FIELDS);
      const customer = customerObject({
        email: email(params),
        name: params.nullableString('name') ?? null,
        description: params.nullableString('description') ?? null,
        metadata: {},
        nowMs: store.now(),
      });
      applyMetadata(customer, params);
      setDefaultPaymentMethod(store, customer, params);
      store.customers.set(customer.id, customer);
      return store.expanded(customer, params.expand());
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handle({ params, path, store }: Call) {
      params.only();
      return store.expanded(store.customer(path.id!, 'id', true), params.expand());
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    handle({ params, path, store }: Call) {
      params.only(...FIELDS);
      const customer = store.customer(path.id!, 'id', true);
      if (params.has('email')) customer.email = email(params);
      if (params.has('name')) customer.name = params.nullableString('name') ?? null;
      if (params.has('description')) customer.description = params.nullableString('description') ?? null;
      applyMetadata(customer, params);
      setDefaultPaymentMethod(store, customer, params);
      return store.expanded(customer, params.expand());
    },
  },
];

function email(params: Params): string | null {
  const value = params.nullableString('email') ?? null;
  if (value !== null && (value.length > 512 || !/^[^@\s]+@[^@\s]+$/.test(value)))
    throw invalidRequest(`Invalid email address: ${value}`, { param: 'email', code: 'email_invalid' });
  return value;
}

export function applyMetadata(target: { metadata: Stripe.Metadata | null }, params: Params): void {
  const patch = params.metadata();
  if (patch === undefined) return;
  const metadata = Object.keys(patch).length === 0 ? {} : { ...(target.metadata ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete metadata[key];
    else metadata[key] = value;
  }
  target.metadata = metadata;
}

/** `invoice_settings[default_payment_method]`: a card attached to this customer, or '' to clear it. */
function setDefaultPaymentMethod(store: Store, customer: Stripe.Customer, params: Params): void {
  const settings = params.object('invoice_settings');
  if (!settings) return;
  settings.only('default_payment_method');
  const id = settings.nullableString('default_payment_method');
  if (id === undefined) return;
  if (id !== null && store.paymentMethods.get(id)?.customer !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      { param: 'invoice_settings[default_payment_method]', code: 'resource_missing' },
    );
  }
  customer.invoice_settings.default_payment_method = id;
}
