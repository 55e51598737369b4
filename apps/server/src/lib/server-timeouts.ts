import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.js';

type TimeoutOptions = Pick<
  FastifyHttpOptions<Server>,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http'
>;

/**
 * Fastify's options for Node's HTTP timeouts. Node checks the request and headers timeouts only
 * on a sweep of open connections, every 30 s unless told otherwise, so a 60 s limit could let a
 * slow client hold on for 90 s; sweeping every quarter of the shorter limit (at most 5 s) keeps
 * the overshoot small at the cost of a walk over the connection list. Node refuses a headers
 * timeout above the request timeout, hence the clamp.
 */
export function serverTimeouts(config: Config): TimeoutOptions {
  const headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  return {
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      // Fastify sets requestTimeout on the server after creating it; Node reads these at creation.
      requestTimeout: config.requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: Math.min(5_000, Math.max(25, Math.floor(headersTimeout / 4))),
    },
  };
}
