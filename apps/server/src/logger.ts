import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from './config.js';

/**
 * The server's logger. `pretty` (the default) writes lines a person reads at a terminal; `json`
 * writes one JSON object a line for log collectors. Either way the authorization header is never
 * written, and requests are logged one line each only at the debug level (see app.ts).
 */
export function serverLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: ['req.headers.authorization'] };
  if (config.logFormat === 'json') return base;
  return {
    ...base,
    stream: pinoPretty({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      singleLine: true,
    }),
  };
}

/**
 * One line per request, at the debug level: at the default level a person reading the log sees
 * what matters (start, warnings, errors), not every request. Failed requests still log as errors.
 */
export class RequestsAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.debug(line, 'request');
  }
}
