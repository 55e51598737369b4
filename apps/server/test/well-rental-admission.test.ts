import { pathOf, routes } from '@caravanserai/api';
import { createLogbook, expectStatus, ORIGINS, type SignedIn, useServer } from '@caravanserai/test-kit';
import OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import { gatewayClient, refusal } from './gateway-helpers.js';
import { offered, RENTAL_KEY, rawText, rented, usageOfRental } from './well-rental-helpers.js';

const t = useServer({ users: ['alice', 'bob', 'carol'], fake: true });
beforeEach(() => t.fake.reset());

/** Answers every request with `input` + `output` tokens until told otherwise. */
const answering = (input: number, output: number) =>
  t.fake.setDefault({ kind: 'reply', text: 'Rented answer.', inputTokens: input, outputTokens: output });

/** A query by `who` in their logbook through the well named. */
const ask = (who: SignedIn, logid: string, wellid: string, prompt = 'Which road to Merv?') =>
  who.client.queries.submit({ logid, prompt, context: '', wellid });

/** A rental of Alice's well by Bob, and a logbook of Bob's to ask in. */
async function bobsRental(fields: Parameters<typeof rented>[3] = {}) {
  const made = await rented(t.alice, t.bob, t.fake, fields);
  const logbook = await createLogbook(t.bob.client);
  return { ...made, logid: logbook.logid };
}

const tokensThisMonth = async (who: SignedIn, rentalId: string) =>
  (await who.client.wellRental.rentals()).renting.find((r) => r.rental_id === rentalId)?.tokens_this_month;

describe('a query through a rented well', () => {
  it('is answered by the provider with the owner’s key, metered on the rental', async () => {
    const { well, rental, logid } = await bobsRental();
    answering(7, 3);
    const result = await ask(t.bob, logid, well.wellid);
    expect(result.data.gen).toBe('Rented answer.');
    expect(t.fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${RENTAL_KEY}`]);
    await t.bob.client.queries.stream({ logid, prompt: 'Streamed', context: '', wellid: well.wellid });
    expect(t.fake.requests).toHaveLength(2);

    const rows = await usageOfRental(t.server, rental.rental_id);
    expect(rows.map((r) => [r.user_id, r.wellid, r.outcome, r.input_tokens + r.output_tokens])).toEqual([
      [t.bob.pk, well.wellid, 'ok', 10],
      [t.bob.pk, well.wellid, 'ok', 10],
    ]);
    expect(await tokensThisMonth(t.bob, rental.rental_id)).toBe(20);
    const { lending } = await t.alice.client.wellRental.rentals();
    expect(lending.find((r) => r.rental_id === rental.rental_id)?.tokens_this_month).toBe(20);

    // The owner's own queries through the well are hers, not the rental's.
    const alices = await createLogbook(t.alice.client);
    await ask(t.alice, alices.logid, well.wellid);
    expect(await usageOfRental(t.server, rental.rental_id)).toHaveLength(2);
  });

  it('goes through the rented well attached to the renter’s logbook', async () => {
    const { well, rental } = await rented(t.alice, t.bob, t.fake);
    const logbook = await createLogbook(t.bob.client, { logwell: well.wellid });
    expect(logbook.logwell).toBe(well.wellid);
    await t.bob.client.queries.submit({ logid: logbook.logid, prompt: 'Attached', context: '' });
    expect(t.fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${RENTAL_KEY}`]);
    expect(await usageOfRental(t.server, rental.rental_id)).toHaveLength(1);
  });

  it('that the provider refuses does not pass the owner’s key on to the renter', async () => {
    const { well, logid } = await bobsRental();
    t.fake.enqueue({ kind: 'error', status: 401, message: `Incorrect API key provided: ${RENTAL_KEY}` });
    const failed = await rawText(t.server, pathOf(routes.queries.submit), {
      method: 'POST',
      token: t.bob.token,
      body: { logid, prompt: 'Fail', context: '', wellid: well.wellid },
    });
    expect(failed.status).toBe(502);
    expect(failed.text).not.toContain(RENTAL_KEY);
  });

  it('is admitted below the monthly cap, then refused (403 quota_exceeded) before the provider', async () => {
    const { well, rental, logid } = await bobsRental({ monthly_token_cap_per_renter: 10 });
    answering(8, 4);
    await ask(t.bob, logid, well.wellid);
    expect(await tokensThisMonth(t.bob, rental.rental_id)).toBeGreaterThanOrEqual(10);
    t.fake.reset();
    const refused = {
      detail: 'Monthly token cap of 10 reached for this rented well.',
      code: 'quota_exceeded',
    };
    expect(await expectStatus(ask(t.bob, logid, well.wellid, 'Second'), 403)).toEqual(refused);
    const streamed = t.bob.client.queries.stream({
      logid,
      prompt: 'Third',
      context: '',
      wellid: well.wellid,
    });
    expect(await expectStatus(streamed, 403)).toEqual(refused);
    expect(t.fake.requests).toEqual([]);
    expect(await usageOfRental(t.server, rental.rental_id)).toHaveLength(1);
    // The cap is each renter's: another renter, and the owner, still ask.
    await t.carol.client.wellRental.rent(rental.offer_id);
    await ask(t.carol, (await createLogbook(t.carol.client)).logid, well.wellid);
    await ask(t.alice, (await createLogbook(t.alice.client)).logid, well.wellid);
    expect(t.fake.requests).toHaveLength(2);
  });

  it('keeps the cap through a rental ended and taken again in the same month', async () => {
    const { well, rental, logid } = await bobsRental({ monthly_token_cap_per_renter: 10 });
    answering(8, 4);
    await ask(t.bob, logid, well.wellid);
    await t.bob.client.wellRental.endRent(rental.offer_id);
    const again = await t.bob.client.wellRental.rent(rental.offer_id);
    expect(again.rental_id).not.toBe(rental.rental_id);
    t.fake.reset();
    expect(await expectStatus(ask(t.bob, logid, well.wellid, 'Again'), 403)).toMatchObject({
      code: 'quota_exceeded',
    });
    expect(t.fake.requests).toEqual([]);
  });

  it('as a model the offer does not allow is refused (403 policy_model) before the provider', async () => {
    const { well, logid } = await bobsRental({ allowed_models: ['openai/other-model'] });
    expect(await expectStatus(ask(t.bob, logid, well.wellid), 403)).toEqual({
      detail: `The owner of this well lets it answer only as openai/other-model, not as "${ORIGINS['openai-compatible']}".`,
      code: 'policy_model',
    });
    expect(t.fake.requests).toEqual([]);
    // A pattern naming the well's provider lets it through.
    const allowed = await bobsRental({ allowed_models: ['openai/gpt-4o', 'openai-compatible/*'] });
    await ask(t.bob, allowed.logid, allowed.well.wellid);
    expect(t.fake.requests).toHaveLength(1);
  });

  it('is refused as through a well not theirs once the renter, or the owner, ends the rental', async () => {
    const gone = { wellid: ['Well not found.'] };
    const byRenter = await bobsRental();
    await ask(t.bob, byRenter.logid, byRenter.well.wellid);
    await t.bob.client.wellRental.endRent(byRenter.offer.offer_id);
    expect(await expectStatus(ask(t.bob, byRenter.logid, byRenter.well.wellid), 400)).toEqual(gone);

    const byOwner = await bobsRental();
    await t.alice.client.wellRental.endRental(byOwner.rental.rental_id);
    expect(await expectStatus(ask(t.bob, byOwner.logid, byOwner.well.wellid), 400)).toEqual(gone);
    const streamed = t.bob.client.queries.stream({
      logid: byOwner.logid,
      prompt: 'Q',
      context: '',
      wellid: byOwner.well.wellid,
    });
    expect(await expectStatus(streamed, 400)).toEqual(gone);

    const withdrawn = await bobsRental();
    await t.alice.client.wellRental.withdrawOffer(withdrawn.offer.offer_id);
    expect(await expectStatus(ask(t.bob, withdrawn.logid, withdrawn.well.wellid), 400)).toEqual(gone);
    expect(t.fake.requests).toHaveLength(1);
    // Nor can the well be attached to a logbook once the rental has ended.
    await expectStatus(t.bob.client.logbooks.patch(byOwner.logid, { logwell: byOwner.well.wellid }), 400);
  });
});

describe('the owner’s earnings', () => {
  it('show this month’s tokens through a free offer, earning nothing', async () => {
    const owner = await t.server.signup('lender');
    const { rental } = await rented(owner, t.bob, t.fake);
    expect(await owner.client.wellRental.earnings()).toEqual({ months: [] });
    const { logid } = await createLogbook(t.bob.client);
    answering(30, 12);
    await ask(t.bob, logid, rental.wellid);
    await ask(t.bob, logid, rental.wellid);
    expect(await owner.client.wellRental.earnings()).toEqual({
      months: [{ month: new Date().toISOString().slice(0, 7), tokens: 84, amount_cents: 0, rentals: 1 }],
    });
    // The renter has lent nothing.
    const renter = await t.server.signup('renter');
    expect(await renter.client.wellRental.earnings()).toEqual({ months: [] });
  });
});

describe('the gateway through a rented well', () => {
  const chat = (openai: OpenAI, model: string) =>
    openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'Which road to Merv?' }] });

  it('answers by wellid, metered on the rental, and refuses past the cap with 429 before the provider', async () => {
    const { well, rental } = await rented(t.alice, t.bob, t.fake, { monthly_token_cap_per_renter: 10 });
    const { openai } = await gatewayClient(t.server, t.bob);
    answering(6, 6);
    const answer = await chat(openai, well.wellid);
    expect(answer.choices[0]?.message.content).toBe('Rented answer.');
    expect(t.fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${RENTAL_KEY}`]);
    expect(await usageOfRental(t.server, rental.rental_id)).toEqual([
      expect.objectContaining({ user_id: t.bob.pk, wellid: well.wellid, logid: null, outcome: 'ok' }),
    ]);

    t.fake.reset();
    const error = await refusal(chat(openai, well.wellid));
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.status).toBe(429);
    expect(error.code).toBe('insufficient_quota');
    expect(error.message).toContain('Monthly token cap of 10 reached for this rented well.');
    expect(t.fake.requests).toEqual([]);
  });

  it('lists the rented well among the models, and answers it named by its model', async () => {
    // A model no other rented well of this file answers as: named by it, this well is the one chosen.
    const { well, offer } = await offered(
      t.alice,
      t.fake,
      {},
      { origin_loc: 'openai-compatible/merv-road-model' },
    );
    await t.bob.client.wellRental.rent(offer.offer_id);
    const { openai } = await gatewayClient(t.server, t.bob);
    const ids = (await openai.models.list()).data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([well.wellid, well.origin_loc]));
    answering(3, 3);
    const answer = await chat(openai, well.origin_loc);
    expect(answer.choices[0]?.message.content).toBe('Rented answer.');
    expect(t.fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${RENTAL_KEY}`]);
  });

  it('refuses a model the offer does not allow, and the well once the rental ends', async () => {
    const barred = await rented(t.alice, t.bob, t.fake, { allowed_models: ['openai/other-model'] });
    const { openai } = await gatewayClient(t.server, t.bob);
    const error = await refusal(chat(openai, barred.well.wellid));
    expect(error.status).toBe(403);
    expect(error.code).toBe('policy_model');

    const ended = await rented(t.alice, t.bob, t.fake);
    await t.bob.client.wellRental.endRent(ended.offer.offer_id);
    const missing = await refusal(chat(openai, ended.well.wellid));
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('model_not_found');
    expect(t.fake.requests).toEqual([]);
  });
});

describe('with payments off', () => {
  it('a priced offer made while they were on is neither listed nor usable', async () => {
    const { well, offer, rental, logid } = await bobsRental();
    const db = t.server.testDb.db.kysely;
    // As a server that had payments on would have left them.
    await db
      .updateTable('well_offers')
      .set({ price_cents: 250 })
      .where('offer_id', '=', offer.offer_id)
      .execute();
    await db
      .updateTable('well_rentals')
      .set({ price_cents: 250 })
      .where('rental_id', '=', rental.rental_id)
      .execute();
    expect((await t.bob.client.wellRental.offers()).results.map((o) => o.offer_id)).not.toContain(
      offer.offer_id,
    );
    expect((await t.bob.client.wells.list()).wells.map((w) => w.wellid)).not.toContain(well.wellid);
    expect(await expectStatus(ask(t.bob, logid, well.wellid), 400)).toEqual({ wellid: ['Well not found.'] });
    expect(t.fake.requests).toEqual([]);
  });
});
