import type { WellOfferCreate } from '@caravanserai/api';
import { serverFieldErrors } from '../../../lib/field-errors';
import { centsOf } from './money';

/** What the offer form holds, as typed. */
export interface OfferValues {
  wellid: string;
  description: string;
  /** Dollars per million tokens; '' counts as free. */
  price: number | string;
  /** Tokens one renter may use a month; '' until typed. */
  cap: number | string;
  /** `provider/model` patterns separated by commas (or spaces); empty for the well's own model. */
  models: string;
}

/** A new offer: free, with a cap that lets a friend ask a good many questions a month. */
export const NEW_OFFER: OfferValues = { wellid: '', description: '', price: 0, cap: 100_000, models: '' };

export type OfferErrors = Partial<Record<keyof OfferValues, string>>;

/** The models as typed, one pattern per comma- or space-separated word. */
export const parseModels = (text: string): string[] => text.split(/[\s,]+/).filter((model) => model !== '');

/** What the form can tell before asking the server: a well is chosen and a cap given. */
export function missingIn(values: OfferValues): OfferErrors {
  const errors: OfferErrors = {};
  if (!values.wellid) errors.wellid = 'Choose one of your wells.';
  if (values.cap === '') errors.cap = 'Say how many tokens one renter may use a month.';
  return errors;
}

/** The body of `POST /bazaar/wells/`; with payments off every offer is free, whatever was typed. */
export function offerBody(values: OfferValues, paymentsOn: boolean): WellOfferCreate {
  return {
    wellid: values.wellid,
    description: values.description.trim(),
    price_per_million_tokens: paymentsOn ? centsOf(values.price) : 0,
    monthly_token_cap_per_renter: Number(values.cap),
    allowed_models: parseModels(values.models),
  };
}

/** The server's field names as the form's. */
const FIELD_OF: Record<string, keyof OfferValues> = {
  wellid: 'wellid',
  description: 'description',
  price_per_million_tokens: 'price',
  monthly_token_cap_per_renter: 'cap',
  allowed_models: 'models',
};

/**
 * A refused offer as the form shows it: each field's messages under it (one about a single model,
 * `allowed_models.1`, under Allowed models), anything else above the buttons.
 */
export function offerErrors(error: unknown): { fields: OfferErrors; other: string[] } {
  const { fields, other } = serverFieldErrors(error);
  const out: { fields: OfferErrors; other: string[] } = { fields: {}, other: [...other] };
  for (const [name, text] of Object.entries(fields)) {
    const field = FIELD_OF[name.split('.')[0] ?? name];
    if (field) out.fields[field] = [out.fields[field], text].filter(Boolean).join(' ');
    else out.other.push(text);
  }
  return out;
}
