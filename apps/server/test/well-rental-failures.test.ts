import { type AddressInfo, createServer } from 'node:net';
import { pathOf, routes } from '@caravanserai/api';
import { createLogbook, type UsedServer, useServer } from '@caravanserai/test-kit';
import OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import { RENTED_WELL_UNREACHABLE } from '../src/modules/queries/provider-error.js';
import { gatewayClient, refusal } from './gateway-helpers.js';
import { offered, rawText } from './well-rental-helpers.js';

/** A port on this machine where nothing listens (it did a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The owner's server, down. */
const DOWN_HOST = `127.0.0.1:${await closedPort()}`;
const DOWN = `http://${DOWN_HOST}/v1`;

const t: UsedServer<'alice' | 'bob'> = useServer({
  users: ['alice', 'bob'],
  fake: true,
  // The owner may point her well at the address where her server is down.
  overrides: () => ({ wellAllowedHosts: [new URL(t.fake.url).host, DOWN_HOST] }),
});
beforeEach(() => t.fake.reset());

/** A query through `wellid` in a new logbook of `who`'s, answered raw. */
async function failedQuery(who: typeof t.alice, wellid: string) {
  const { logid } = await createLogbook(who.client);
  return rawText(t.server, pathOf(routes.queries.submit), {
    method: 'POST',
    token: who.token,
    body: { logid, prompt: 'Which road to Merv?', context: '', wellid },
  });
}

describe('a rented well’s failure, told to its renter', () => {
  it('does not say where the owner’s server is when it cannot be reached; the owner is told', async () => {
    const { well, offer } = await offered(t.alice, t.fake, {}, { model_url: DOWN });
    await t.bob.client.wellRental.rent(offer.offer_id);

    const renters = await failedQuery(t.bob, well.wellid);
    expect(renters.status).toBe(502);
    expect(renters.text).toContain(RENTED_WELL_UNREACHABLE);
    expect(renters.text).not.toContain('127.0.0.1');

    // The owner, asking through her own well, is told what failed, address and all.
    const owners = await failedQuery(t.alice, well.wellid);
    expect(owners.status).toBe(502);
    expect(owners.text).not.toContain(RENTED_WELL_UNREACHABLE);
    expect(owners.text).toContain(DOWN_HOST);
  });

  it('keeps the provider’s own reason, with the server’s address scrubbed out of it', async () => {
    const { well, offer } = await offered(t.alice, t.fake);
    await t.bob.client.wellRental.rent(offer.offer_id);
    const host = new URL(t.fake.url).host;
    t.fake.enqueue({ kind: 'error', status: 404, message: `No model here, ask ${t.fake.url} or ${host}` });

    const failed = await failedQuery(t.bob, well.wellid);
    expect(failed.status).toBe(502);
    expect(failed.text).toContain('HTTP 404');
    expect(failed.text).toContain('No model here, ask [server]');
    expect(failed.text).not.toContain(host);
  });

  it('through the gateway alike', async () => {
    const { well, offer } = await offered(t.alice, t.fake, {}, { model_url: DOWN });
    await t.bob.client.wellRental.rent(offer.offer_id);
    const { openai } = await gatewayClient(t.server, t.bob);
    const error = await refusal(
      openai.chat.completions.create({ model: well.wellid, messages: [{ role: 'user', content: 'Merv?' }] }),
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.status).toBe(502);
    expect(error.message).toContain(RENTED_WELL_UNREACHABLE);
    expect(error.message).not.toContain('127.0.0.1');
  });
});
