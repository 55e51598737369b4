import {
  CustomerCreate,
  PaymentMethodId,
  PaymentSourceChange,
  PaymentSourceCreate,
  SubscriptionChange,
  SubscriptionCreate,
  SubscriptionId,
  UsernameInPath,
} from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { clientKey } from './idempotency.js';
import { webhookRoutes } from './webhook.routes.js';

const SubscriptionParams = z.object({ subscription_id: SubscriptionId });

/**
 * Every `/payments/...` call (docs/ARCHITECTURE.md, Payments). With payments off none is registered, so each answers
 * 404 like any path that does not exist, signed in or not.
 */
export async function paymentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const payments = services.payments;
  if (!payments) return;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/payments/customer/create/',
    { ...signedIn, schema: { body: CustomerCreate } },
    async (request, reply) =>
      reply.status(201).send(await payments.createCustomer(requireUser(request), request.body.username)),
  );

  r.get('/payments/sources/summary/', signedIn, async (request) =>
    payments.cards.summary(requireUser(request)),
  );

  r.post(
    '/payments/sources/create/:username/',
    { ...signedIn, schema: { params: z.object({ username: UsernameInPath }), body: PaymentSourceCreate } },
    async (request, reply) => {
      const user = requireUser(request);
      const card = await payments.cards.add(user, request.params.username, request.body, clientKey(request));
      return reply.status(201).send(card);
    },
  );

  r.post(
    '/payments/sources/change/',
    { ...signedIn, schema: { body: PaymentSourceChange } },
    async (request) =>
      payments.cards.setDefault(requireUser(request), request.body.payment_key, clientKey(request)),
  );

  r.delete(
    '/payments/sources/create/:username/:payment_key/',
    { ...signedIn, schema: { params: z.object({ username: UsernameInPath, payment_key: PaymentMethodId }) } },
    async (request) =>
      payments.cards.remove(requireUser(request), request.params.username, request.params.payment_key),
  );

  r.get('/payments/subscriptions/change/', signedIn, async (request) =>
    payments.subscriptions.list(requireUser(request), request.log),
  );

  r.post(
    '/payments/subscriptions/create/',
    { ...signedIn, schema: { body: SubscriptionCreate } },
    async (request, reply) => {
      const user = requireUser(request);
      const subscription = await payments.subscriptions.create(user, request.body, clientKey(request));
      return reply.status(201).send(subscription);
    },
  );

  r.post(
    '/payments/customer/change/',
    { ...signedIn, schema: { body: SubscriptionChange } },
    async (request) =>
      payments.subscriptions.changeTier(requireUser(request), request.body, clientKey(request)),
  );

  r.get(
    '/payments/:subscription_id/',
    { ...signedIn, schema: { params: SubscriptionParams } },
    async (request) => payments.subscriptions.get(requireUser(request), request.params.subscription_id),
  );

  r.post(
    '/payments/:subscription_id/cancel/',
    { ...signedIn, schema: { params: SubscriptionParams } },
    async (request) =>
      payments.subscriptions.cancel(requireUser(request), request.params.subscription_id, clientKey(request)),
  );

  await webhookRoutes(app, payments.webhooks);
}
