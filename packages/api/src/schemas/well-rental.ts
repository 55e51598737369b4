import { z } from 'zod';
import { Id, IsoDate, Owner } from './common.js';
import { Line, MAX_INT32, Text } from './text.js';

/** Well rental in the Bazaar (DESIGN 10): an owner offers a well; others query through it without its key. */

/** The highest price per million tokens an offer may ask, in cents ($100,000). */
export const MAX_PRICE_CENTS = 10_000_000;
/** At most this many `provider/model` patterns limit an offer. */
export const MAX_OFFER_MODELS = 50;

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(min, `Ensure this value is greater than or equal to ${min}.`)
    .max(max, `Ensure this value is less than or equal to ${max}.`);

export const WellOfferCreate = z.object({
  wellid: Id,
  description: Text().max(2000, 'Ensure this field has no more than 2000 characters.').default(''),
  /** In cents; 0 is free (lending a well to friends). Priced offers need payments on. */
  price_per_million_tokens: wholeNumber('The price', 0, MAX_PRICE_CENTS),
  /** The most tokens (input and output) one renter may use in a calendar month (UTC). */
  monthly_token_cap_per_renter: wholeNumber('The cap', 1, MAX_INT32),
  /** `provider/model` or `provider/*`; left out or empty: the well's model, whatever it is. */
  allowed_models: z
    .array(
      Line()
        .min(1, 'This field may not be blank.')
        .max(260, 'Ensure each model has no more than 260 characters.')
        .regex(
          /^[a-z0-9-]+\/[^\s]+$/,
          'Name models as provider/model, or provider/* for all of one provider.',
        ),
      { error: 'Expected a list of models.' },
    )
    .max(MAX_OFFER_MODELS, `Ensure this field has no more than ${MAX_OFFER_MODELS} models.`)
    .default([]),
});
export type WellOfferCreate = z.input<typeof WellOfferCreate>;

export const WellOffer = z.object({
  offer_id: Id,
  /** The well as renters see it: never its key or its address. */
  well: z.object({ title: z.string(), provider: z.string(), model: z.string(), origin_loc: z.string() }),
  owner: Owner,
  description: z.string(),
  price_per_million_tokens: z.number().int(),
  monthly_token_cap_per_renter: z.number().int(),
  allowed_models: z.array(z.string()),
  created: IsoDate,
  /** Rentals under way. */
  renters: z.number().int(),
  /** The viewer's own offer. */
  mine: z.boolean(),
  /** The viewer's rental of it under way, if any. */
  rental_id: Id.nullable(),
});
export type WellOffer = z.infer<typeof WellOffer>;

export const WellOffers = z.object({ results: z.array(WellOffer) });
export type WellOffers = z.infer<typeof WellOffers>;

export const Rental = z.object({
  rental_id: Id,
  offer_id: Id,
  wellid: Id,
  well_title: z.string(),
  owner: Owner,
  renter: Owner,
  /** The price agreed when the rental began, in cents per million tokens. */
  price_per_million_tokens: z.number().int(),
  monthly_token_cap: z.number().int(),
  started: IsoDate,
  ended: IsoDate.nullable(),
  /** Tokens used through it this month (UTC). */
  tokens_this_month: z.number().int(),
});
export type Rental = z.infer<typeof Rental>;

export const Rentals = z.object({
  /** The viewer's rentals of others' wells, newest first. */
  renting: z.array(Rental),
  /** Rentals of the viewer's offers, newest first. */
  lending: z.array(Rental),
});
export type Rentals = z.infer<typeof Rentals>;

export const EarningsMonth = z.object({
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  tokens: z.number().int(),
  /** What renters owe for it, in cents (the month under way so far). */
  amount_cents: z.number().int(),
  rentals: z.number().int(),
});
export const Earnings = z.object({ months: z.array(EarningsMonth) });
export type Earnings = z.infer<typeof Earnings>;
