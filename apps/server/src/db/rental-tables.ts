import type { ColumnType } from 'kysely';

// Well rental's tables (DESIGN 10), in the shape `Database` (database.ts) holds them.

export interface WellOffersTable {
  offer_id: string;
  wellid: string;
  owner_id: number;
  description: string;
  /** Cents per million tokens; 0 is free. */
  price_cents: number;
  monthly_token_cap: number;
  /** JSON array of `provider/model` or `provider/*`; empty: any. */
  allowed_models: string;
  created_at: number;
  withdrawn_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface WellRentalsTable {
  rental_id: string;
  offer_id: string;
  renter_id: number;
  /** The offer's price when the rental began. */
  price_cents: number;
  started_at: number;
  ended_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface WellRentalBillsTable {
  rental_id: string;
  /** `YYYY-MM` (UTC). */
  month: string;
  tokens: number;
  amount_cents: number;
  /** Stripe's invoice item; null for a month with nothing to bill. */
  invoice_item_id: string | null;
  /** The Stripe invoice that took the item in; null until the renter is invoiced for it. */
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}
