import { describe, expect, it } from 'vitest';
import { checkModelUrl, createGuardedFetch, isAllowedHost, isBlockedAddress } from './url-guard.js';

/** One address inside each range the old hand-written list refused, at both of its edges. */
const OLD_IPV4_RANGES = [
  ['0.0.0.0', '0.255.255.255'],
  ['10.0.0.0', '10.255.255.255'],
  ['100.64.0.0', '100.127.255.255'],
  ['127.0.0.1', '127.255.255.254'],
  ['169.254.0.1', '169.254.169.254'],
  ['172.16.0.1', '172.31.255.255'],
  ['192.0.0.1', '192.0.0.255'],
  ['192.0.2.1', '192.0.2.255'],
  ['192.168.0.1', '192.168.255.255'],
  ['198.18.0.1', '198.19.255.255'],
  ['198.51.100.1', '198.51.100.255'],
  ['203.0.113.1', '203.0.113.255'],
  ['224.0.0.1', '239.255.255.255'],
  ['240.0.0.1', '255.255.255.255'],
].flat();

const OLD_IPV6_RANGES = [
  '::',
  '::1',
  '64:ff9b::a00:1',
  '100::1',
  '100::ffff:ffff:ffff:ffff',
  '2001:db8::1',
  '2001:db8:ffff::1',
  'fc00::1',
  'fdff:ffff::1',
  'fe80::1',
  'febf::1',
  'fec0::1',
  'feff::1',
  'ff00::1',
  'ff02::1',
];

/** IPv6 ways of writing a private IPv4 address, and the IPv6 ranges of their own. */
const IPV6_FORMS: [string, string][] = [
  ['::127.0.0.1', 'IPv4-compatible, dotted'],
  ['::7f00:1', 'IPv4-compatible, hex'],
  ['::8.8.8.8', 'IPv4-compatible, even of a public address'],
  ['::ffff:7f00:1', 'IPv4-mapped, hex'],
  ['::ffff:127.0.0.1', 'IPv4-mapped, dotted'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped metadata address, written out'],
  ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:a00:1::1', '6to4 of 10.0.0.1'],
  ['2002:c0a8:101::', '6to4 of 192.168.1.1'],
  ['2002:808:808::1', '6to4, even of a public address'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback, dotted'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
  ['64:ff9b:1::a00:1', 'local-use NAT64 (RFC 8215)'],
  ['64:ff9b:1::808:808', 'local-use NAT64, even of a public address'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001::1', 'Teredo prefix'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['2606:4700:4700::1111%eth0', 'a zone on a global address'],
  ['fec0::1', 'site-local'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback, written out'],
  ['::', 'unspecified'],
  ['ff02::1', 'multicast'],
  ['ff05::2', 'multicast'],
  ['100::1', 'discard'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['2001:2::1', 'benchmarking'],
  ['5f00::1', 'segment routing'],
  ['1::1', 'unassigned, outside 2000::/3'],
  ['4000::1', 'unassigned, outside 2000::/3'],
  ['e000::1', 'unassigned, outside 2000::/3'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '104.18.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '2001:4860:4860::8888',
  // The IPv4-mapped form reaches exactly the IPv4 address inside, so it is judged by that one.
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  // Behind DNS64 every public name resolves to the well-known NAT64 prefix.
  '64:ff9b::808:808',
  '64:ff9b::1.1.1.1',
];

describe('isBlockedAddress', () => {
  it.each(OLD_IPV4_RANGES)('still blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(OLD_IPV6_RANGES)('still blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(IPV6_FORMS)('blocks %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['192.88.99.1', '192.175.48.1', '192.52.193.1'])(
    'blocks the special IPv4 range of %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(true);
    },
  );

  it.each(PUBLIC)('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it.each([
    '',
    'localhost',
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '[::1]',
    '::1::',
    '1.2.3.4.5',
    '::ffff:1.2.3',
  ])('blocks %j, which is no address in canonical form', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });
});

/** IPv6 literals in a URL, which the URL parser rewrites to hex before anyone judges them. */
const LITERAL_URLS = [
  'http://[::127.0.0.1]:11434/v1',
  'http://[::ffff:127.0.0.1]:11434/v1',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/latest',
  'http://[2002:7f00:1::]:11434/v1',
  'http://[64:ff9b::10.0.0.1]/v1',
  'http://[64:ff9b:1::a00:1]/v1',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/v1',
  'https://[fd12:3456::1]/v1',
];

describe('an IPv6 literal in the address', () => {
  it.each(LITERAL_URLS)('is refused when a well is saved: %s', async (url) => {
    const host = new URL(url).hostname.slice(1, -1);
    expect(await checkModelUrl(url, [])).toBe(
      `${host} is a private or local address. The server operator can allow it with WELL_ALLOWED_HOSTS.`,
    );
  });

  it.each(LITERAL_URLS)('is refused before connecting: %s', async (url) => {
    // Literal addresses are never looked up, so the guard must judge them itself.
    await expect(createGuardedFetch([])(url)).rejects.toThrow('is a private or local address');
  });

  it('is accepted when the operator listed it', async () => {
    expect(await checkModelUrl('http://[::127.0.0.1]:11434/v1', ['[::7f00:1]:11434'])).toBeNull();
  });

  it('is accepted when it is a public address', async () => {
    expect(await checkModelUrl('https://[2606:4700:4700::1111]/v1', [])).toBeNull();
  });
});

describe('isAllowedHost', () => {
  const allowed = (url: string, hosts: string[]) => isAllowedHost(new URL(url), hosts);

  it('matches a bracketed IPv6 entry, with or without its port', () => {
    for (const url of ['http://[::1]:11434/v1', 'http://[::1]/', 'https://[0:0::1]/'])
      expect(allowed(url, ['[::1]']), url).toBe(true);
    expect(allowed('http://[::1]:11434/v1', ['[::1]:11434'])).toBe(true);
    expect(allowed('http://[::1]/', ['[::1]:80'])).toBe(true);
    expect(allowed('http://[::1]/', ['[0:0:0:0:0:0:0:1]'])).toBe(true);
  });

  it('holds an entry with a port to that port, and to that host', () => {
    expect(allowed('http://[::1]:11435/', ['[::1]:11434'])).toBe(false);
    expect(allowed('http://[::1]/', ['[::1]:11434'])).toBe(false);
    expect(allowed('http://[::2]:11434/', ['[::1]', '[::1]:11434'])).toBe(false);
    expect(allowed('http://127.0.0.1:11434/', ['127.0.0.1:11434'])).toBe(true);
    expect(allowed('http://127.0.0.1:8080/', ['127.0.0.1'])).toBe(true);
    expect(allowed('http://127.0.0.1:8080/', ['127.0.0.1:11434'])).toBe(false);
    expect(allowed('http://Ollama.local:11434/', ['ollama.local'])).toBe(true);
  });
});
