import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Wells call addresses their owners type in, so the server must not become a way into its own
 * network: private, loopback, link-local, metadata and other special ranges are refused unless the
 * operator lists the host in WELL_ALLOWED_HOSTS. The check runs when a well is saved and again on
 * every connection (inside DNS resolution), so a name that later resolves elsewhere is caught too.
 *
 * It is an allow-list: only what ipaddr.js calls plain global `unicast` may be called. A list of
 * forbidden ranges missed the many ways IPv6 can carry an IPv4 address (`::7f00:1`,
 * `2002:7f00:1::`, ...); a new special range now stays closed until someone decides otherwise.
 */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

export function isBlockedAddress(address: string): boolean {
  try {
    // Node's own strict parser decides the family: ipaddr.js would also read shorthand such as
    // `127.1`, which no resolver or URL hands us, and anything unexpected stays blocked.
    const family = isIP(address);
    if (family === 4) return !isCallableV4(ipaddr.IPv4.parse(address));
    if (family !== 6) return true;
    // ipaddr.js reads `::a.b.c.d` as IPv4-mapped where the system reads IPv4-compatible; the URL
    // parser writes every IPv6 address in plain hex, so both judge the same address. It also
    // refuses zones (`fe80::1%eth0`), which only link-scoped, never callable, addresses carry.
    const hex = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    return !isCallableV6(ipaddr.IPv6.parse(hex));
  } catch {
    return true;
  }
}

function isCallableV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function isCallableV6(address: ipaddr.IPv6): boolean {
  // An IPv4-mapped address is how an IPv6 socket reaches that very IPv4 address: judge that one.
  if (address.isIPv4MappedAddress()) return isCallableV4(lastFourBytes(address));
  // Behind DNS64/NAT64 every public name resolves into 64:ff9b::/96, so refusing the prefix would
  // cut an IPv6-only server off from all providers; the gateway goes to the embedded IPv4 address.
  if (address.match(NAT64_WELL_KNOWN)) return isCallableV4(lastFourBytes(address));
  // Every other form that carries IPv4 is refused whole: IPv4-compatible `::a.b.c.d` (deprecated,
  // and left as `unicast` by ipaddr.js) and IPv4-translated sit outside 2000::/3; 6to4, Teredo
  // and local-use NAT64 (64:ff9b:1::/48) are special ranges, and which IPv4 host they end up at
  // depends on relays and gateways the server cannot see, so the embedded address proves nothing.
  // Only 2000::/3 is handed out as global unicast; the rest of the space is reserved or special.
  const globalUnicast = (address.parts[0]! & 0xe000) === 0x2000;
  return globalUnicast && address.range() === 'unicast';
}

function lastFourBytes(address: ipaddr.IPv6): ipaddr.IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(12));
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * A WELL_ALLOWED_HOSTS entry (`host`, `host:port`, `[v6]` or `[v6]:port`, as env.ts checks them)
 * allows the URL when it names the same host, and the same port if it gives one.
 */
function allows(entry: string, url: URL): boolean {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(entry);
  if (!match) return false;
  const [, host = '', port] = match;
  return entryHost(host) === hostOf(url) && (port === undefined || Number(port) === Number(portOf(url)));
}

/** An IPv6 entry is written out as the URL parser writes the URL's host: `[0:0::1]` is `::1`. */
function entryHost(written: string): string | null {
  if (!written.startsWith('[')) return written.toLowerCase();
  try {
    return hostOf(new URL(`http://${written}/`));
  } catch {
    return null;
  }
}

export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((entry) => allows(entry, url));
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/** Null when the URL may be called; otherwise the reason, in words for the well form. */
export async function checkModelUrl(raw: string, allowedHosts: readonly string[]): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a valid URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'Only http and https addresses can be used.';
  if (url.username || url.password) return 'Put credentials in the API key, not in the address.';
  if (isAllowedHost(url, allowedHosts)) return null;
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await resolveAll(host)).map((a) => a.address);
    } catch {
      return `The host ${host} could not be resolved.`;
    }
  }
  if (addresses.some(isBlockedAddress)) {
    return `${host} is a private or local address. The server operator can allow it with WELL_ALLOWED_HOSTS.`;
  }
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails for blocked addresses: used for every outgoing provider connection. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad) {
      const error: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to a private or local address (${bad.address})`,
      );
      error.code = 'EADDRBLOCKED';
      return callback(error, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

const guardedAgent = new Agent({ connect: { lookup: guardedLookup } });

/** A fetch for provider calls that refuses private destinations unless they are allowed. */
export function createGuardedFetch(allowedHosts: readonly string[]): typeof fetch {
  const guarded = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // Providers answer where they are asked; a redirect could lead past the checks below.
    const noRedirects = { ...init, redirect: 'error' as const };
    if (isAllowedHost(url, allowedHosts)) return fetch(input, noRedirects);
    const host = hostOf(url);
    // An address written as an IP is never looked up, so the lookup guard would not see it.
    if (isIP(host) && isBlockedAddress(host)) {
      throw new Error(`${host} is a private or local address and is not in WELL_ALLOWED_HOSTS`);
    }
    return undiciFetch(
      input as never,
      { ...noRedirects, dispatcher: guardedAgent } as never,
    ) as unknown as Response;
  };
  return guarded as typeof fetch;
}
