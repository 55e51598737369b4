import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/database.js';
import { HttpError, InvalidToken, NotAuthenticated } from '../errors.js';
import type { AccountGate } from '../modules/auth/account-gate.js';
import { hashToken } from '../modules/auth/token.js';
import type { TokenService } from '../modules/auth/tokens.service.js';
import { looksLikeApiKey } from '../modules/keys/api-key.js';
import type { ApiKeysService } from '../modules/keys/api-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    user: UserRow | null;
    /** The sign-in token's hash, when the request came with one. */
    tokenHash: string | null;
    /** The personal API key's id, when the request came with one instead of a token. */
    apiKeyId: string | null;
  }
}

const SCHEME = /^(?:Token|Bearer)\s+(\S+)\s*$/i;

const ExpiredKey = () => new HttpError(401, 'authentication_failed', 'This API key has expired.');

/**
 * Reads `Authorization: Token <credential>` or `Bearer <credential>`: a sign-in token, or a
 * personal API key (DESIGN 11) told apart by its prefix. No header means anonymous; a header with
 * an unknown, revoked or expired credential is refused outright (as DRF does) rather than silently
 * treated as anonymous.
 */
export function registerAuth(
  app: FastifyInstance,
  tokens: TokenService,
  keys: ApiKeysService,
  gate: AccountGate,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);
  app.decorateRequest('apiKeyId', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = SCHEME.exec(header);
    if (!match) return;
    const credential = match[1]!;
    // Every credential's user passes the one gate: a disabled user is refused, a visit noted.
    const admit = (user: UserRow) =>
      gate.admit(user, (error) =>
        request.log.warn({ err: error }, 'could not record when a user was last seen'),
      );
    if (looksLikeApiKey(credential)) {
      const found = await keys.authenticate(credential, (error) =>
        request.log.warn({ err: error }, 'could not record when an API key was last used'),
      );
      if ('refused' in found) throw found.refused === 'expired' ? ExpiredKey() : InvalidToken();
      request.user = admit(found.user);
      request.apiKeyId = found.keyId;
      return;
    }
    const tokenHash = hashToken(credential);
    const user = await tokens.authenticate(tokenHash, (error) =>
      request.log.warn({ err: error }, 'could not record when a token was last used'),
    );
    if (!user) throw InvalidToken();
    request.user = admit(user);
    request.tokenHash = tokenHash;
  });
  app.addHook('onClose', () =>
    Promise.all([tokens.settled(), keys.settled(), gate.settled()]).then(() => undefined),
  );
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
