import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addRoute } from '../../plugins/route-table.js';
import type { Services } from '../../services.js';
import { clientKey } from './idempotency.js';
import { webhookRoutes } from './webhook.routes.js';

/**
 * Every `/payments/...` call (docs/ARCHITECTURE.md, Payments). With payments off none is registered, so each answers
 * 404 like any path that does not exist, signed in or not.
 */
export async function paymentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const payments = services.payments;
  if (!payments) return;
  const route = routes.payments;

  addRoute(app, route.createCustomer, signedIn, async (request) =>
    payments.createCustomer(requireUser(request), request.body.username),
  );

  addRoute(app, route.cards, signedIn, async (request) => payments.cards.summary(requireUser(request)));

  addRoute(app, route.addCard, signedIn, async (request) =>
    payments.cards.add(requireUser(request), request.params.username, request.body, clientKey(request)),
  );

  addRoute(app, route.setDefaultCard, signedIn, async (request) =>
    payments.cards.setDefault(requireUser(request), request.body.payment_key, clientKey(request)),
  );

  addRoute(app, route.removeCard, signedIn, async (request) =>
    payments.cards.remove(requireUser(request), request.params.username, request.params.payment_key),
  );

  addRoute(app, route.subscriptions, signedIn, async (request) =>
    payments.subscriptions.list(requireUser(request), request.log),
  );

  addRoute(app, route.subscribe, signedIn, async (request) =>
    payments.subscriptions.create(requireUser(request), request.body, clientKey(request)),
  );

  addRoute(app, route.changeTier, signedIn, async (request) =>
    payments.subscriptions.changeTier(requireUser(request), request.body, clientKey(request)),
  );

  addRoute(app, route.subscription, signedIn, async (request) =>
    payments.subscriptions.get(requireUser(request), request.params.subscription_id),
  );

  addRoute(app, route.cancel, signedIn, async (request) =>
    payments.subscriptions.cancel(requireUser(request), request.params.subscription_id, clientKey(request)),
  );

  await webhookRoutes(app, payments.webhooks);
}
