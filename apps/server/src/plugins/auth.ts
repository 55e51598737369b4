import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/database.js';
import { InvalidToken, NotAuthenticated } from '../errors.js';
import { hashToken } from '../modules/auth/token.js';
import type { UsersRepository } from '../modules/auth/users.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    user: UserRow | null;
    tokenHash: string | null;
  }
}

const SCHEME = /^Token\s+(\S+)\s*$/i;

/**
 * Reads `Authorization: Token <key>`. No header means anonymous; a header with an unknown key is
 * refused outright (as DRF does) rather than silently treated as anonymous.
 */
export function registerAuth(app: FastifyInstance, users: UsersRepository): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = SCHEME.exec(header);
    if (!match) return;
    const tokenHash = hashToken(match[1]!);
    const user = await users.findByToken(tokenHash);
    if (!user) throw InvalidToken();
    request.user = user;
    request.tokenHash = tokenHash;
  });
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
