import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/database.js';
import { InvalidToken, NotAuthenticated } from '../errors.js';
import { hashToken } from '../modules/auth/token.js';
import type { TokenService } from '../modules/auth/tokens.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    user: UserRow | null;
    tokenHash: string | null;
  }
}

const SCHEME = /^Token\s+(\S+)\s*$/i;

/**
 * Reads `Authorization: Token <key>`. No header means anonymous; a header with an unknown or
 * expired key is refused outright (as DRF does) rather than silently treated as anonymous.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = SCHEME.exec(header);
    if (!match) return;
    const tokenHash = hashToken(match[1]!);
    const user = await tokens.authenticate(tokenHash, (error) =>
      request.log.warn({ err: error }, 'could not record when a token was last used'),
    );
    if (!user) throw InvalidToken();
    request.user = user;
    request.tokenHash = tokenHash;
  });
  app.addHook('onClose', () => tokens.settled());
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw NotAuthenticated();
  return request.user;
}

/** Route hook: refuses an anonymous request before its body is even read or validated. */
export async function ensureSignedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** Spread into a route's options to make it signed-in only. */
export const signedIn = { onRequest: ensureSignedIn } as const;
