import { defineRoute } from '../route.js';
import { PublicConfig } from '../schemas/config.js';

/** The server's public settings: payments switch, support e-mail, where the API lives. */
export const configRoutes = {
  get: defineRoute({ method: 'GET', path: '/config/', response: { 200: PublicConfig }, errors: [] }),
};
