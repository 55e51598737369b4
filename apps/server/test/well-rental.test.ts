import { MAX_OFFER_MODELS, pathOf, routes, WellOffer } from '@caravanserai/api';
import { createFakeWell, createLogbook, expectStatus, ORIGINS, useServer } from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { caravanWith, sharedWell } from './caravans-helpers.js';
import {
  offered,
  RENTAL_KEY,
  RENTAL_KEY_MASKED,
  rawText,
  rented,
  usageOfRental,
} from './well-rental-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol', 'dave'], fake: true });
beforeEach(() => t.fake.reset());

const NUL = 'a\u0000b';

/** An offer as `who` sees it in the offers list (undefined: not listed). */
async function listed(who: typeof t.alice, offerId: string) {
  return (await who.client.wellRental.offers()).results.find((o) => o.offer_id === offerId);
}

describe('an offer', () => {
  it('is made by the well’s owner: 201 with the well’s public facts, and no answer carries its key', async () => {
    const well = await createFakeWell(t.alice.client, t.fake, {
      title: 'Lent llama',
      AUTH_MODEL_KEY: RENTAL_KEY,
    });
    const made = await rawText(t.server, pathOf(routes.wellRental.offer), {
      method: 'POST',
      token: t.alice.token,
      body: {
        wellid: well.wellid,
        description: 'For friends.',
        price_per_million_tokens: 0,
        monthly_token_cap_per_renter: 5000,
      },
    });
    expect(made.status).toBe(201);
    const offer = WellOffer.parse(JSON.parse(made.text));
    expect(offer).toEqual({
      offer_id: expect.any(String),
      well: {
        title: 'Lent llama',
        provider: 'openai-compatible',
        model: 'llama3.2',
        origin_loc: ORIGINS['openai-compatible'],
      },
      owner: { username: t.alice.username },
      description: 'For friends.',
      price_per_million_tokens: 0,
      monthly_token_cap_per_renter: 5000,
      allowed_models: [],
      created: expect.any(String),
      renters: 0,
      mine: true,
      rental_id: null,
    });
    // Nor the address the key is sent to.
    expect(made.text).not.toContain(well.model_url);

    const rental = await rawText(t.server, pathOf(routes.wellRental.rent, { offer_id: offer.offer_id }), {
      method: 'POST',
      token: t.bob.token,
    });
    expect(rental.status).toBe(201);
    const bodies = [made.text, rental.text];
    for (const who of [t.alice, t.bob]) {
      for (const path of [
        pathOf(routes.wellRental.offers),
        pathOf(routes.wellRental.rentals),
        pathOf(routes.wellRental.earnings),
        pathOf(routes.wells.list),
        pathOf(routes.wells.get, { wellid: well.wellid }),
      ]) {
        const answer = await rawText(t.server, path, { token: who.token });
        expect(answer.status, path).toBe(200);
        bodies.push(answer.text);
        // The renter does not see even the masked key; the owner sees only that, on her own well.
        if (who === t.bob) expect(answer.text, path).not.toContain(RENTAL_KEY_MASKED);
      }
    }
    for (const body of bodies) expect(body).not.toContain(RENTAL_KEY);
  });

  it('of a well not the caller’s (another’s, a rented one, a caravan’s, none) is a 400 on wellid', async () => {
    const { well } = await rented(t.alice, t.bob, t.fake);
    const caravan = await caravanWith(t.alice, [t.bob]);
    const shared = await sharedWell(t.alice, t.fake, caravan.caravan_id);
    const before = (await t.bob.client.wellRental.offers()).results.length;
    for (const wellid of [well.wellid, shared.wellid, 'nosuchwell']) {
      const body = { wellid, price_per_million_tokens: 0, monthly_token_cap_per_renter: 10 };
      expect(await expectStatus(t.bob.client.wellRental.offer(body), 400), wellid).toEqual({
        wellid: ['Well not found.'],
      });
    }
    expect((await t.bob.client.wellRental.offers()).results).toHaveLength(before);
  });

  it('with a price is refused while payments are off (400 on the price): only free offers exist', async () => {
    const well = await createFakeWell(t.alice.client, t.fake);
    const body = { wellid: well.wellid, price_per_million_tokens: 150, monthly_token_cap_per_renter: 10 };
    expect(await expectStatus(t.alice.client.wellRental.offer(body), 400)).toEqual({
      price_per_million_tokens: ['Payments are off on this server: only free offers (0) can be made.'],
    });
    expect(
      (await t.alice.client.wellRental.offers()).results.filter((o) => o.well.title === well.title),
    ).toEqual([]);
  });

  const models = (n: number) => Array.from({ length: n }, (_, i) => `openai/model-${i}`);
  const BAD: [string, Record<string, unknown>, string][] = [
    ['a negative price', { price_per_million_tokens: -1 }, 'price_per_million_tokens'],
    ['a price with cents in it', { price_per_million_tokens: 1.5 }, 'price_per_million_tokens'],
    ['a price as text', { price_per_million_tokens: '0' }, 'price_per_million_tokens'],
    ['a price past the most', { price_per_million_tokens: 10_000_001 }, 'price_per_million_tokens'],
    ['no price', { price_per_million_tokens: undefined }, 'price_per_million_tokens'],
    ['a cap of 0', { monthly_token_cap_per_renter: 0 }, 'monthly_token_cap_per_renter'],
    ['a cap past 32 bits', { monthly_token_cap_per_renter: 2 ** 31 }, 'monthly_token_cap_per_renter'],
    ['a cap as text', { monthly_token_cap_per_renter: 'lots' }, 'monthly_token_cap_per_renter'],
    ['a NUL in the description', { description: NUL }, 'description'],
    ['a description too long', { description: 'x'.repeat(2001) }, 'description'],
    ['a model not named provider/model', { allowed_models: ['gpt-4o'] }, 'allowed_models'],
    ['a model with a space', { allowed_models: ['openai/gpt 4o'] }, 'allowed_models'],
    ['a model with a NUL', { allowed_models: [`openai/${NUL}`] }, 'allowed_models'],
    ['a blank model', { allowed_models: [''] }, 'allowed_models'],
    [`${MAX_OFFER_MODELS + 1} models`, { allowed_models: models(MAX_OFFER_MODELS + 1) }, 'allowed_models'],
    ['models that are not a list', { allowed_models: 'openai/*' }, 'allowed_models'],
    ['a well id with a NUL', { wellid: NUL }, 'wellid'],
  ];

  it.each(BAD)('refuses %s with a 400 naming the field, making no offer', async (_name, fields, field) => {
    const well = await createFakeWell(t.alice.client, t.fake);
    const body = {
      wellid: well.wellid,
      price_per_million_tokens: 0,
      monthly_token_cap_per_renter: 10,
      ...fields,
    };
    const answer = await rawText(t.server, pathOf(routes.wellRental.offer), {
      method: 'POST',
      token: t.alice.token,
      body,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    const { results } = await t.alice.client.wellRental.offers();
    expect(results.filter((o) => o.well.title === well.title)).toEqual([]);
  });

  it('of exactly the most models is taken, and is listed as it was made', async () => {
    const { offer } = await offered(t.alice, t.fake, { allowed_models: models(MAX_OFFER_MODELS) });
    expect(offer.allowed_models).toEqual(models(MAX_OFFER_MODELS));
    expect((await listed(t.bob, offer.offer_id))?.allowed_models).toEqual(models(MAX_OFFER_MODELS));
  });
});

describe('the offers list', () => {
  it('shows an offer to everyone signed in, with its renters, whose it is and the viewer’s rental', async () => {
    const { offer } = await offered(t.alice, t.fake);
    expect(await listed(t.carol, offer.offer_id)).toMatchObject({ renters: 0, mine: false, rental_id: null });
    const rental = await t.bob.client.wellRental.rent(offer.offer_id);
    await t.dave.client.wellRental.rent(offer.offer_id);
    expect(await listed(t.alice, offer.offer_id)).toMatchObject({ renters: 2, mine: true, rental_id: null });
    expect(await listed(t.bob, offer.offer_id)).toMatchObject({
      renters: 2,
      mine: false,
      rental_id: rental.rental_id,
    });
    expect(await listed(t.carol, offer.offer_id)).toMatchObject({ renters: 2, mine: false, rental_id: null });
    // Signed out: nothing.
    await expectStatus(t.server.client().wellRental.offers(), 401);
  });
});

describe('renting', () => {
  it('answers 201 with the rental; a second rental of the same offer is 409 until the first ends', async () => {
    const { well, offer } = await offered(t.alice, t.fake, { monthly_token_cap_per_renter: 777 });
    const rental = await t.bob.client.wellRental.rent(offer.offer_id);
    expect(rental).toEqual({
      rental_id: expect.any(String),
      offer_id: offer.offer_id,
      wellid: well.wellid,
      well_title: well.title,
      owner: { username: t.alice.username },
      renter: { username: t.bob.username },
      price_per_million_tokens: 0,
      monthly_token_cap: 777,
      started: expect.any(String),
      ended: null,
      tokens_this_month: 0,
    });
    expect(await expectStatus(t.bob.client.wellRental.rent(offer.offer_id), 409)).toMatchObject({
      code: 'conflict',
    });
    await t.bob.client.wellRental.endRent(offer.offer_id);
    const again = await t.bob.client.wellRental.rent(offer.offer_id);
    expect(again.rental_id).not.toBe(rental.rental_id);
  });

  it('one’s own offer is 403; a withdrawn or unknown offer is 404', async () => {
    const { offer } = await offered(t.alice, t.fake);
    expect(await expectStatus(t.alice.client.wellRental.rent(offer.offer_id), 403)).toMatchObject({
      code: 'permission_denied',
    });
    await t.alice.client.wellRental.withdrawOffer(offer.offer_id);
    const gone = { detail: 'Offer not found.', code: 'not_found' };
    expect(await expectStatus(t.bob.client.wellRental.rent(offer.offer_id), 404)).toEqual(gone);
    expect(await expectStatus(t.bob.client.wellRental.rent('nosuchoffer'), 404)).toEqual(gone);
  });
});

describe('a rented well', () => {
  it('is in the renter’s well list and detail marked with the rental, without its key or address; nobody else’s', async () => {
    const { well, offer, rental } = await rented(t.alice, t.bob, t.fake);
    const mine = (await t.bob.client.wells.list()).wells.find((w) => w.wellid === well.wellid);
    const { AUTH_MODEL_KEY: _key, model_url: _address, ...shown } = well;
    expect(mine).toEqual({
      ...shown,
      rental: {
        rental_id: rental.rental_id,
        offer_id: offer.offer_id,
        owner: { username: t.alice.username },
      },
    });
    expect(mine).not.toHaveProperty('AUTH_MODEL_KEY');
    expect(mine).not.toHaveProperty('model_url');
    expect((await t.bob.client.wells.get(well.wellid)).wells).toEqual(mine);
    // The owner's own view is unchanged; a stranger neither lists nor sees it.
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
    expect((await t.carol.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(well.wellid);
    await expectStatus(t.carol.client.wells.get(well.wellid), 404);
  });

  it('rented through two offers is listed with the newer rental, the one its queries go through', async () => {
    const { well, offer: older } = await offered(t.alice, t.fake);
    const newer = await t.alice.client.wellRental.offer({
      wellid: well.wellid,
      description: 'The same llama, for more.',
      price_per_million_tokens: 0,
      monthly_token_cap_per_renter: 200_000,
    });
    const first = await t.bob.client.wellRental.rent(older.offer_id);
    // Taken a minute before the second, however fine the clock.
    await t.server.testDb.db.kysely
      .updateTable('well_rentals')
      .set({ started_at: Date.now() - 60_000 })
      .where('rental_id', '=', first.rental_id)
      .execute();
    const second = await t.bob.client.wellRental.rent(newer.offer_id);

    const listed = (await t.bob.client.wells.list()).wells.filter((w) => w.wellid === well.wellid);
    expect(listed.map((w) => w.rental)).toEqual([
      { rental_id: second.rental_id, offer_id: newer.offer_id, owner: { username: t.alice.username } },
    ]);
    expect((await t.bob.client.wells.get(well.wellid)).wells).toEqual(listed[0]);
    const { logid } = await createLogbook(t.bob.client);
    await t.bob.client.queries.submit({ logid, prompt: 'Which offer?', context: '', wellid: well.wellid });
    expect(await usageOfRental(t.server, second.rental_id)).toHaveLength(1);
    expect(await usageOfRental(t.server, first.rental_id)).toEqual([]);
  });

  it('cannot be changed, deleted or tested with its stored key by the renter', async () => {
    const { well } = await rented(t.alice, t.bob, t.fake);
    // Refused as a caravan's well (403) or as another's (404): either way it stays the owner's.
    await expect(t.bob.client.wells.update(well.wellid, { title: 'Mine now' })).rejects.toMatchObject({
      status: expect.toBeOneOf([403, 404]),
    });
    await expect(t.bob.client.wells.remove(well.wellid)).rejects.toMatchObject({
      status: expect.toBeOneOf([403, 404]),
    });
    // Its key could be sent elsewhere by a connection test: that is for the owner only.
    await expectStatus(
      t.bob.client.wells.test({
        wellid: well.wellid,
        origin_loc: well.origin_loc,
        AUTH_MODEL_KEY: RENTAL_KEY_MASKED,
        model_url: 'http://127.0.0.1:9/v1',
      }),
      400,
    );
    expect(t.fake.requests).toEqual([]);
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
  });
});

describe('ending a rental', () => {
  const gone = async (renter: typeof t.bob, wellid: string) => {
    expect((await renter.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(wellid);
    await expectStatus(renter.client.wells.get(wellid), 404);
  };

  it('by the renter (DELETE …/rent/) takes the well from their list; the rental shows it ended', async () => {
    const { well, offer, rental } = await rented(t.alice, t.bob, t.fake);
    await t.bob.client.wellRental.endRent(offer.offer_id);
    await gone(t.bob, well.wellid);
    const { renting } = await t.bob.client.wellRental.rentals();
    expect(renting.find((r) => r.rental_id === rental.rental_id)?.ended).toEqual(expect.any(String));
    expect(await listed(t.bob, offer.offer_id)).toMatchObject({ renters: 0, rental_id: null });
    expect(await expectStatus(t.bob.client.wellRental.endRent(offer.offer_id), 404)).toEqual({
      detail: 'Rental not found.',
      code: 'not_found',
    });
    await expectStatus(t.carol.client.wellRental.endRent(offer.offer_id), 404);
  });

  it('by the owner (DELETE /bazaar/rentals/{id}/) alike; anyone else is told it does not exist', async () => {
    const { well, rental } = await rented(t.alice, t.bob, t.fake);
    const notFound = { detail: 'Rental not found.', code: 'not_found' };
    expect(await expectStatus(t.carol.client.wellRental.endRental(rental.rental_id), 404)).toEqual(notFound);
    expect(await expectStatus(t.carol.client.wellRental.endRental('nosuchrental'), 404)).toEqual(notFound);
    expect((await t.bob.client.wells.list()).wells.map((w) => w.wellid)).toContain(well.wellid);

    await t.alice.client.wellRental.endRental(rental.rental_id);
    await gone(t.bob, well.wellid);
    const { lending } = await t.alice.client.wellRental.rentals();
    expect(lending.find((r) => r.rental_id === rental.rental_id)?.ended).toEqual(expect.any(String));
    // Ending what has ended changes nothing.
    await t.bob.client.wellRental.endRental(rental.rental_id);
  });

  it('by withdrawing the offer ends every rental of it; the offer leaves the list', async () => {
    const { well, offer } = await offered(t.alice, t.fake);
    for (const renter of [t.bob, t.dave]) await renter.client.wellRental.rent(offer.offer_id);
    expect(await expectStatus(t.bob.client.wellRental.withdrawOffer(offer.offer_id), 403)).toMatchObject({
      code: 'permission_denied',
    });

    await t.alice.client.wellRental.withdrawOffer(offer.offer_id);
    for (const renter of [t.bob, t.dave]) {
      await gone(renter, well.wellid);
      const { renting } = await renter.client.wellRental.rentals();
      expect(renting.find((r) => r.offer_id === offer.offer_id)?.ended).toEqual(expect.any(String));
    }
    for (const who of [t.alice, t.bob, t.carol]) expect(await listed(who, offer.offer_id)).toBeUndefined();
    await expectStatus(t.alice.client.wellRental.withdrawOffer(offer.offer_id), 404);
    // The well itself stays its owner's.
    expect((await t.alice.client.wells.get(well.wellid)).wells).toEqual(well);
  });

  it('by deleting the well: its offer is withdrawn and its rentals ended, and kept', async () => {
    const { well, offer, rental } = await rented(t.alice, t.bob, t.fake);
    await t.alice.client.wells.remove(well.wellid);
    await gone(t.bob, well.wellid);
    expect(await listed(t.bob, offer.offer_id)).toBeUndefined();
    const renting = (await t.bob.client.wellRental.rentals()).renting.find(
      (r) => r.rental_id === rental.rental_id,
    );
    expect(renting).toMatchObject({ well_title: 'A deleted well', ended: expect.any(String) });
    const lending = (await t.alice.client.wellRental.rentals()).lending.map((r) => r.rental_id);
    expect(lending).toContain(rental.rental_id);
  });
});
