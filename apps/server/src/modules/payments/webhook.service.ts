import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../errors.js';
import { GatewayError } from './gateway-error.js';
import type { SubscriptionMirror } from './mirror.js';
import { ProviderFailed } from './payment-errors.js';
import type { RemoteSubscription, StripeGateway, VerifiedEvent } from './stripe-gateway.js';
import { StripeInvoice, StripeSubscription } from './stripe-objects.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';
import type { UserLock } from './user-lock.js';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

export type WebhookOutcome = 'recorded' | 'ignored';

/**
 * Stripe's events keep the mirror and the role in step. An event only says which subscription
 * changed: its state is read fresh from Stripe, so events arriving late or out of order can never
 * set an older state over a newer one. Events about customers that are not ours are ignored.
 */
export class WebhookService {
  constructor(
    private readonly gateway: StripeGateway,
    private readonly repo: SubscriptionsRepository,
    private readonly mirror: SubscriptionMirror,
    private readonly lock: UserLock,
  ) {}

  /** Refuses a payload whose signature does not verify (400). */
  async verify(payload: Buffer, signature: string | undefined): Promise<VerifiedEvent> {
    if (!signature) throw new HttpError(400, 'invalid', 'Missing Stripe-Signature header.');
    try {
      return await this.gateway.verifyEvent(payload, signature);
    } catch (error) {
      if (error instanceof GatewayError)
        throw new HttpError(400, 'invalid', `Invalid webhook signature: ${error.reason}`);
      throw error;
    }
  }

  async handle(event: VerifiedEvent, log: FastifyBaseLogger): Promise<WebhookOutcome> {
    const target = this.subscriptionOf(event);
    if (!target) return 'ignored';
    const user = await this.repo.userByCustomer(target.customer);
    if (!user) return 'ignored';
    return this.lock.run(user.id, async () => {
      let fresh: RemoteSubscription;
      try {
        fresh = await this.gateway.retrieveSubscription(target.id);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        // Stripe retries a failed delivery later: say so rather than record a guess.
        if (error.kind !== 'not_found' || !target.snapshot) throw ProviderFailed(error.reason);
        fresh = target.snapshot;
      }
      if (fresh.customer !== target.customer) return 'ignored';
      const row = await this.mirror.record(user.id, fresh);
      log.info({ event: event.type, subscription: target.id, status: row?.status }, 'payment event recorded');
      return row ? 'recorded' : 'ignored';
    });
  }

  /** The subscription an event is about, its customer, and its state as the event carried it. */
  private subscriptionOf(
    event: VerifiedEvent,
  ): { id: string; customer: string; snapshot: RemoteSubscription | null } | null {
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const parsed = StripeSubscription.safeParse(event.data.object);
      if (!parsed.success) return null;
      return { id: parsed.data.id, customer: parsed.data.customer, snapshot: parsed.data };
    }
    if (INVOICE_EVENTS.has(event.type)) {
      const parsed = StripeInvoice.safeParse(event.data.object);
      if (!parsed.success || !parsed.data.customer) return null;
      const id = parsed.data.parent?.subscription_details?.subscription ?? parsed.data.subscription;
      return id ? { id, customer: parsed.data.customer, snapshot: null } : null;
    }
    return null;
  }
}
