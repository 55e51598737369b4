import { once } from 'node:events';
import { createConnection, type Socket } from 'node:net';
import { pathOf, routes } from '@caravanserai/api';
import {
  createFakeWell,
  createLogbook,
  expectStatus,
  type TestServer,
  useServer,
} from '@caravanserai/test-kit';
import { beforeEach, describe, expect, it } from 'vitest';

const REQUEST_TIMEOUT_MS = 400;
const HEADERS_TIMEOUT_MS = 250;
const QUERY_TIMEOUT_MS = 900;

const t = useServer({
  users: ['alice'],
  fake: true,
  overrides: {
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
    connectionTimeoutMs: QUERY_TIMEOUT_MS + 1500,
  },
});

beforeEach(() => t.fake.reset());

interface RawClient {
  socket: Socket;
  /** Milliseconds from the connection to its close by the server. */
  closed: Promise<number>;
  received(): string;
}

/** A raw TCP client, to send what no HTTP client would: half a request, very slowly. */
async function connect(server: TestServer): Promise<RawClient> {
  const { hostname, port } = new URL(server.origin);
  const socket = createConnection({ host: hostname, port: Number(port) });
  // The server may reset the socket while a write is on its way; the close is what counts.
  socket.on('error', () => {});
  await once(socket, 'connect');
  const started = Date.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return { socket, closed, received: () => received };
}

/** Writes one byte every `everyMs` until the server closes the socket. */
function dribble(client: RawClient, everyMs: number): void {
  const timer = setInterval(() => {
    if (!client.socket.destroyed) client.socket.write('x');
  }, everyMs);
  void client.closed.then(() => clearInterval(timer));
}

const loginHead = (server: TestServer) =>
  `POST ${server.config.apiPrefix}/rest-auth/login/ HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\n` +
  'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n';

/** Cut off soon after the limit (Node sweeps for expired requests now and then), with a 408 or not. */
function expectCutOff(client: RawClient, afterMs: number, limitMs: number) {
  expect(afterMs).toBeGreaterThanOrEqual(limitMs - 50);
  expect(afterMs).toBeLessThan(limitMs + 1000);
  expect(client.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
}

describe('a client that sends its request too slowly', () => {
  it('is cut off when it dribbles the body of a login', async () => {
    const client = await connect(t.server);
    client.socket.write(loginHead(t.server));
    client.socket.write('{"username":"');
    dribble(client, 50);
    expectCutOff(client, await client.closed, REQUEST_TIMEOUT_MS);
  });

  it('is cut off when it stops sending the body', async () => {
    const client = await connect(t.server);
    client.socket.write(`${loginHead(t.server)}{"username":"alice",`);
    expectCutOff(client, await client.closed, REQUEST_TIMEOUT_MS);
  });

  it('is cut off when it sends only part of the headers, quickly or slowly', async () => {
    const still = await connect(t.server);
    still.socket.write(loginHead(t.server).slice(0, 40));
    const slow = await connect(t.server);
    slow.socket.write('POST /api/rest-auth/login/ HTTP/1.1\r\nX-Padding: ');
    dribble(slow, 30);
    expectCutOff(still, await still.closed, HEADERS_TIMEOUT_MS);
    expectCutOff(slow, await slow.closed, HEADERS_TIMEOUT_MS);
  });

  it('is cut off when it connects and says nothing', async () => {
    const client = await connect(t.server);
    expectCutOff(client, await client.closed, HEADERS_TIMEOUT_MS);
  });
});

describe('a legitimate request', () => {
  it('is answered as usual, and the connection kept for the next one', async () => {
    const client = await connect(t.server);
    const body = JSON.stringify({ username: t.alice.username, password: 'wrong-password-here' });
    const request =
      `POST ${t.server.config.apiPrefix}/rest-auth/login/ HTTP/1.1\r\nHost: ${new URL(t.server.origin).host}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    client.socket.write(request);
    await expect.poll(() => client.received(), { timeout: 2000 }).toMatch(/\r\n\r\n\{.*\}$/s);
    expect(client.received()).toMatch(/^HTTP\/1\.1 400 /);
    // The request timeout counts receiving a request, not the quiet time between two of them.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 300));
    expect(client.socket.destroyed).toBe(false);
    client.socket.end();
  });

  it('may wait for a slow provider longer than the request timeout (submit)', async () => {
    const well = await createFakeWell(t.alice.client, t.fake);
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    t.fake.enqueue({ kind: 'hang' });
    const started = Date.now();
    // The provider's own time limit ends it, with a JSON answer rather than a dropped connection.
    const body = await expectStatus(
      t.alice.client.queries.submit({ logid: logbook.logid, prompt: 'Slowly?', context: '' }),
      502,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 50);
    expect(body.reason).toEqual(expect.stringMatching(/within 0\.9 s/));
  });

  it('may wait for a slow provider longer than the request timeout (stream)', async () => {
    const well = await createFakeWell(t.alice.client, t.fake);
    const logbook = await createLogbook(t.alice.client, { logwell: well.wellid });
    t.fake.enqueue({ kind: 'hang' });
    const res = await t.server.http(pathOf(routes.queries.stream), {
      method: 'POST',
      token: t.alice.token,
      body: JSON.stringify({ logid: logbook.logid, prompt: 'Streaming slowly?', context: '' }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^id: 1\nevent: query\n/);
    expect(text).toMatch(/event: error\ndata: .*within 0\.9 s/);
  });
});
