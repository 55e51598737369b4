import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeProvider, startFakeProvider } from '@caravanserai/fake-provider';
import { parseLog } from '@caravanserai/logbook';
import { expectStatus, startServer, type TestServer } from '@caravanserai/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let redirector: Server;
let fake: FakeProvider;
let server: TestServer;

/** A well address the operator allowed, which answers every call with a redirect elsewhere. */
beforeAll(async () => {
  fake = await startFakeProvider();
  redirector = createServer((request, response) => {
    response.writeHead(307, { location: `${fake.url}${request.url}` });
    response.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  const port = (redirector.address() as AddressInfo).port;
  // Only the redirector is allowed: the fake behind it is a private address the server must not reach.
  server = await startServer({ wellAllowedHosts: [`127.0.0.1:${port}`] });
});
afterAll(async () => {
  await server.close();
  await fake.close();
  await new Promise((resolve) => redirector.close(resolve));
});

describe('a well that redirects', () => {
  it('is not followed to an address that is not allowed', async () => {
    const alice = await server.signup('alice');
    const port = (redirector.address() as AddressInfo).port;
    const well = await alice.client.wells.create({
      title: 'Bouncer',
      AUTH_MODEL_KEY: 'sk-redirect-00000000',
      origin_loc: 'openai-compatible/llama3.2',
      model_url: `http://127.0.0.1:${port}/v1`,
    });
    const logbook = await alice.client.logbooks.create({ title: 'r', logwell: well.wellid });
    const failure = await expectStatus(
      alice.client.queries.submit({ logid: logbook.logid, prompt: 'Follow me', context: '' }),
      502,
    );
    expect(failure.detail).toBe('Error fetching response from AI.');
    expect(fake.requests).toEqual([]);
    const tags = parseLog((await alice.client.logbooks.get(logbook.logid)).log).map((e) => e.tag);
    expect(tags).toEqual(['query']);
  });
});
