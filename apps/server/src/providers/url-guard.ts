import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Wells call addresses their owners type in, so the server must not become a way into its own
 * network: private, loopback, link-local, metadata and other special ranges are refused unless the
 * operator lists the host in WELL_ALLOWED_HOSTS. The check runs when a well is saved and again on
 * every connection (inside DNS resolution), so a name that later resolves elsewhere is caught too.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export function isBlockedAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return blocked.check(address, 'ipv4');
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = hostOf(url);
  const hostPort = `${host.includes(':') ? `[${host}]` : host}:${portOf(url)}`;
  return allowedHosts.some(
    (entry) => entry === host || entry === hostPort || entry === `${host}:${portOf(url)}`,
  );
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
