import { z } from 'zod';
import { defineRoute } from '../route.js';
import { PublicProfile, UsernameInPath } from '../schemas/auth.js';

/** A user's public page: anyone may read it; its owner also sees their own controls. */
export const profileRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/u/:username/',
    params: z.object({ username: UsernameInPath }),
    response: { 200: PublicProfile },
    errors: ['not_found'],
  }),
};
