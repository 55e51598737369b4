import type { Socket } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/** Addresses that mean "every interface": a listening address, never one to call. */
const WILDCARDS = new Set(['0.0.0.0', '[::]']);

/** An address as a URL writes it: IPv4-mapped IPv6 unwrapped, IPv6 bracketed, no zone. */
function urlHost(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').split('%')[0] ?? '';
  return plain.includes(':') ? `[${plain}]` : plain;
}

/** The host name of a `host[:port]`, lower-cased and normalised by the URL parser; null if malformed. */
function hostName(value: string): string | null {
  try {
    return new URL(`http://${value}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** Every name this server is known by: its own, its configured address and its interfaces'. */
function knownNames(configuredHost: string, reached: string): Set<string> {
  const names = new Set(['localhost', reached, hostname().toLowerCase()]);
  const configured = hostName(urlHost(configuredHost));
  if (configured && !WILDCARDS.has(configured)) names.add(configured);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address } of addresses ?? []) names.add(urlHost(address));
  }
  return names;
}

/**
 * The origin written into the Mapper package, which its user will send a password to: so never
 * one a client made up. PUBLIC_ORIGIN when the operator set it; otherwise the address and port the
 * connection actually reached, named by the Host header only when that name is one of this
 * machine's own. X-Forwarded-Host is ignored even with TRUST_PROXY: proxies commonly pass the
 * client's Host through, so it is no more trustworthy than Host itself.
 */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'publicOrigin' | 'host'>): string {
  if (config.publicOrigin) return config.publicOrigin;
  const socket: Socket = request.socket;
  // The server speaks plain HTTP unless it was given TLS itself; X-Forwarded-Proto is a client's word.
  const protocol = 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
  const reached = urlHost(socket.localAddress ?? '127.0.0.1');
  const asked = hostName(request.headers.host ?? '');
  const name = asked && knownNames(config.host, reached).has(asked) ? asked : reached;
  return new URL(`${protocol}://${name}:${socket.localPort ?? ''}`).origin;
}
