import type { Rental, Well, WellOffer, WellOfferCreate } from '@caravanserai/api';
import { createFakeWell, type SignedIn, type TestServer } from '@caravanserai/test-kit';

/** The key every offered well holds here: no answer to anyone may carry it. */
export const RENTAL_KEY = 'sk-rental-secret-QX7WZ3';
/** The same key as its owner's answers show it. */
export const RENTAL_KEY_MASKED = `…${RENTAL_KEY.slice(-4)}`;

/** A free offer unless `fields` say otherwise. */
type OfferFields = Partial<Omit<WellOfferCreate, 'wellid'>>;

/** A well of the owner's that the fake provider answers, holding RENTAL_KEY, and a free offer of it. */
export async function offered(
  owner: SignedIn,
  fake: { url: string },
  fields: OfferFields = {},
  wellFields: Parameters<typeof createFakeWell>[2] = {},
): Promise<{ well: Well; offer: WellOffer }> {
  const well = await createFakeWell(owner.client, fake, { AUTH_MODEL_KEY: RENTAL_KEY, ...wellFields });
  const offer = await owner.client.wellRental.offer({
    wellid: well.wellid,
    description: 'A llama for friends.',
    price_per_million_tokens: 0,
    monthly_token_cap_per_renter: 100_000,
    ...fields,
  });
  return { well, offer };
}

/** An offer of the owner's well, rented by `renter`. */
export async function rented(
  owner: SignedIn,
  renter: SignedIn,
  fake: { url: string },
  fields: OfferFields = {},
): Promise<{ well: Well; offer: WellOffer; rental: Rental }> {
  const made = await offered(owner, fake, fields);
  const rental = await renter.client.wellRental.rent(made.offer.offer_id);
  return { ...made, rental };
}

/** The usage rows a rental's queries left, oldest first. */
export function usageOfRental(server: TestServer, rentalId: string) {
  return server.testDb.db.kysely
    .selectFrom('usage')
    .selectAll()
    .where('rental_id', '=', rentalId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The raw answer to a request: its status and its body as text, for looking inside. */
export async function rawText(
  server: TestServer,
  path: string,
  init: { token: string; method?: string; body?: unknown },
): Promise<{ status: number; text: string }> {
  const response = await server.http(path, {
    method: init.method ?? 'GET',
    token: init.token,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, text: await response.text() };
}
