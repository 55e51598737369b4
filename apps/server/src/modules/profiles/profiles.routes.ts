import { type PublicProfile, routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';

export async function profileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  addRoute(app, routes.profiles.get, {}, async (request) => {
    const user = await services.users.findByUsername(request.params.username);
    if (!user) throw NotFound('User not found.');
    const isSelf = request.user?.id === user.id;
    const profile: PublicProfile = {
      username: user.username,
      role: user.role || 'Pilgrim',
      location: user.location,
      // anon_view is false only when the viewer is that user: it gates the owner's controls.
      anon_view: !isSelf,
    };
    if (isSelf) profile.stripe_customer_id = user.stripe_customer_id;
    return profile;
  });
}
