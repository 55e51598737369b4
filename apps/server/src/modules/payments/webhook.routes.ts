import { routes } from '@caravanserai/api';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../plugins/route-table.js';
import type { WebhookService } from './webhook.service.js';

/** Stripe's events are small; this leaves room for the largest subscription or invoice. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * `POST /payments/webhook/`: Stripe signs the exact bytes it sends, so this route alone reads its
 * body raw (a Buffer) instead of parsed JSON; the parser is registered in a child scope and no
 * other route sees it. Answers 400 for a bad signature, 502 when Stripe cannot be read back (it
 * retries later), 200 otherwise, also for events about someone else's customers.
 */
export async function webhookRoutes(app: FastifyInstance, webhooks: WebhookService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    addRoute(scope, routes.paymentWebhooks.receive, {}, async (request) => {
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = await webhooks.verify(payload, Array.isArray(signature) ? signature[0] : signature);
      const outcome = await webhooks.handle(event, request.log);
      return { received: true as const, outcome };
    });
  });
}
