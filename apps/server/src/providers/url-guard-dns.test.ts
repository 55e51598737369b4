import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkModelUrl, createGuardedFetch } from './url-guard.js';

/** What the next lookup of any name answers, as if a hostile DNS server had been asked. */
let answer: LookupAddress[] = [];

vi.mock('node:dns', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns')>();
  const lookup = (_host: string, _options: unknown, callback: (err: null, a: LookupAddress[]) => void) =>
    callback(null, answer);
  return { ...actual, lookup, default: { ...actual, lookup } };
});

/** A listener on loopback: the place a name resolving to a private address would lead. */
let target: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  target = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('{}');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => target.close(resolve)));
beforeEach(() => {
  hits.length = 0;
});

const resolvesTo = (address: string) => [{ address, family: address.includes(':') ? 6 : 4 }];

/** IPv6 answers that lead to a private IPv4 address or to a special IPv6 range. */
const HOSTILE = [
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::7f00:1',
  '::127.0.0.1',
  '2002:7f00:1::',
  '64:ff9b::7f00:1',
  '64:ff9b:1::a00:1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  'fd12:3456::1',
  'fe80::1',
];

describe('a name that resolves to a private address', () => {
  it.each(HOSTILE)('is refused when a well is saved (%s)', async (address) => {
    answer = resolvesTo(address);
    expect(await checkModelUrl('https://provider.example/v1', [])).toBe(
      'provider.example is a private or local address. The server operator can allow it with WELL_ALLOWED_HOSTS.',
    );
  });

  it('is refused when any one of its addresses is private', async () => {
    answer = [...resolvesTo('8.8.8.8'), ...resolvesTo('2002:a00:1::1')];
    expect(await checkModelUrl('https://provider.example/v1', [])).toContain('is a private or local address');
  });

  it.each(['127.0.0.1', ...HOSTILE])('is refused on every connection (%s)', async (address) => {
    answer = resolvesTo(address);
    const guarded = createGuardedFetch([]);
    const failure = await guarded(`http://provider.example:${port}/v1/models`).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).cause).toMatchObject({ code: 'EADDRBLOCKED' });
    expect(hits).toEqual([]);
  });

  it('is reached when it resolves to loopback and the operator allowed the host', async () => {
    // The control for the test above: the listener does answer a connection that is let through.
    const guarded = createGuardedFetch([`127.0.0.1:${port}`]);
    expect((await guarded(`http://127.0.0.1:${port}/v1/models`)).status).toBe(200);
    expect(hits).toEqual(['/v1/models']);
  });
});
