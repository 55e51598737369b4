import { randomBytes } from 'node:crypto';
import type { Rental, WellOffer } from '@caravanserai/api';
import type { SignedIn, TestServer } from '@caravanserai/test-kit';
import type { RentalBillingSchedule } from '../src/modules/well-rental/rental-billing-schedule.js';

/** The server's rental billing runs: payments are on. */
export function billingRuns(server: TestServer): RentalBillingSchedule {
  const found = server.app.services.rentalBilling;
  if (!found) throw new Error('payments are on: the rental billing runs');
  return found;
}

const usagePrefix = `bill${randomBytes(4).toString('hex')}x`;
let usageSeq = 0;

/** Use of a rental at a given moment, recorded as a query through it records it. */
export async function useRental(
  server: TestServer,
  user: SignedIn,
  rental: Rental,
  at: number,
  input: number,
  output: number,
): Promise<void> {
  await server.testDb.db.kysely
    .insertInto('usage')
    .values({
      id: `${usagePrefix}${++usageSeq}`,
      user_id: user.pk,
      wellid: rental.wellid,
      logid: null,
      provider: 'openai',
      model: 'gpt-4o-mini',
      input_tokens: input,
      output_tokens: output,
      latency_ms: 10,
      outcome: 'ok',
      streamed: 0,
      estimated: 0,
      caravan_id: null,
      rental_id: rental.rental_id,
      created_at: at,
    })
    .execute();
}

/** A well of the owner's offered at `price` cents per million tokens. */
export async function offerWell(owner: SignedIn, title: string, price: number): Promise<WellOffer> {
  const well = await owner.client.wells.create({
    title,
    AUTH_MODEL_KEY: 'sk-test-0123456789',
    origin_loc: 'openai/gpt-4o-mini',
  });
  return owner.client.wellRental.offer({
    wellid: well.wellid,
    description: 'Rented by the million.',
    price_per_million_tokens: price,
    monthly_token_cap_per_renter: 5_000_000,
  });
}
