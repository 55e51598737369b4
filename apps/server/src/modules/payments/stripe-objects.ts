import { z } from 'zod';

/**
 * What the server reads of Stripe's objects, checked like any other input from outside: ids of
 * the expected kind and size, short printable texts, sane numbers. Anything else in Stripe's
 * answers is ignored; anything here that does not fit refuses the whole answer.
 */

const id = (prefix: string) =>
  z
    .string()
    .max(255)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`));

/** A reference Stripe may send as the id or, expanded, as the object. */
const ref = (prefix: string) => z.union([id(prefix), z.object({ id: id(prefix) }).transform((o) => o.id)]);

const seconds = z.number().int().min(0).max(100_000_000_000);

const Card = z.object({
  brand: z.string().regex(/^[a-z0-9_ -]{1,40}$/i),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(1970).max(9999),
});

export const StripePaymentMethod = z.object({
  id: id('pm'),
  type: z.string().max(64),
  customer: ref('cus').nullable(),
  card: Card.nullish(),
});

export const StripeCustomer = z.object({
  id: id('cus'),
  deleted: z.boolean().optional(),
  invoice_settings: z.object({ default_payment_method: ref('pm').nullable() }).optional(),
});

const Price = z.object({
  id: id('price'),
  recurring: z
    .object({ interval: z.string().max(16) })
    .nullable()
    .optional(),
});

const Item = z.object({
  id: id('si'),
  price: Price,
  current_period_end: seconds.optional(),
});

export const StripeSubscription = z.object({
  id: id('sub'),
  customer: ref('cus'),
  status: z.string().regex(/^[a-z_]{1,40}$/),
  cancel_at_period_end: z.boolean(),
  created: seconds,
  // Older API versions keep the period on the subscription, newer ones on its items.
  current_period_end: seconds.optional(),
  items: z.object({ data: z.array(Item).min(1).max(20) }),
  metadata: z.record(z.string().max(40), z.string().max(500)).nullish(),
});

/** A one-off charge (well rental bills): pending until an invoice, named in `invoice`, takes it in. */
export const StripeInvoiceItem = z.object({
  id: id('ii'),
  customer: ref('cus'),
  invoice: ref('in').nullish(),
  amount: z.number().int().min(-100_000_000).max(100_000_000),
  currency: z.string().regex(/^[a-z]{3}$/),
  metadata: z.record(z.string().max(40), z.string().max(500)).nullish(),
});

export const List = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item).max(100), has_more: z.boolean() });

/** An invoice: its id, its customer and, in the new and the old shape, the subscription it bills. */
export const StripeInvoice = z.object({
  id: id('in'),
  customer: ref('cus').nullable(),
  subscription: ref('sub').nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref('sub') }).nullish() }).nullish(),
});

export const StripeEventEnvelope = z.object({
  id: z.string().max(255),
  type: z.string().max(100),
  data: z.object({ object: z.unknown() }),
});
