import { z } from 'zod';
import { defineRoute } from '../route.js';
import { ApiKey, ApiKeyCreate, NewApiKey } from '../schemas/api-keys.js';
import { Id } from '../schemas/common.js';

const ALL = '/rest-auth/keys/';

/** The signed-in user's personal API keys (DESIGN 11): for scripts, the CLI and the gateway. */
export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: ALL,
    response: { 200: z.array(ApiKey) },
    errors: ['not_authenticated'],
  }),
  /**
   * The whole key is in this answer only: it is stored hashed. Made with a sign-in token only, so
   * a leaked key cannot make itself a successor (403 when asked with a key).
   */
  create: defineRoute({
    method: 'POST',
    path: ALL,
    body: ApiKeyCreate,
    response: { 201: NewApiKey },
    errors: ['not_authenticated', 'invalid', 'conflict', 'permission_denied'],
  }),
  /** Revoked at once: the key is refused from the next request on. */
  revoke: defineRoute({
    method: 'DELETE',
    path: `${ALL}:id/`,
    params: z.object({ id: Id }),
    response: { 204: null },
    errors: ['not_authenticated', 'not_found'],
  }),
};
