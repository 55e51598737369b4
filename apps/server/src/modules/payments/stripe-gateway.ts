import type Stripe from 'stripe';
import type { z } from 'zod';
import type { StripeSettings } from '../../stripe-settings.js';
import { GatewayError, safeReason, toGatewayError } from './gateway-error.js';
import { StripeInvoices } from './stripe-invoices.js';
import {
  List,
  StripeCustomer,
  StripeEventEnvelope,
  StripePaymentMethod,
  StripeSubscription,
} from './stripe-objects.js';

/** A saved card as Stripe holds it. */
export interface RemoteCard {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface RemoteCustomer {
  id: string;
  deleted: boolean;
  defaultPaymentMethod: string | null;
}

export type RemoteSubscription = z.output<typeof StripeSubscription>;
export type VerifiedEvent = z.output<typeof StripeEventEnvelope>;

export interface SubscriptionChanges {
  price?: { itemId: string; priceId: string };
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}

/**
 * The only door to Stripe: the official SDK, every write under an idempotency key, every answer
 * validated before use, every failure a GatewayError whose text is free of our secrets.
 */
export class StripeGateway {
  private client: Promise<Stripe> | null = null;
  private readonly secrets: readonly string[];
  /** Invoice items and invoices (well rental bills), through this same door. */
  readonly invoices = new StripeInvoices((send, schema) => this.call(send, schema));

  constructor(private readonly settings: StripeSettings) {
    this.secrets = [settings.secretKey, settings.webhookSecret];
  }

  /** The SDK, loaded on first use: a server with payments off never loads it. */
  private sdk(): Promise<Stripe> {
    this.client ??= import('stripe').then(({ default: StripeSdk }) => {
      const base = this.settings.apiBase;
      return new StripeSdk(this.settings.secretKey, {
        // Retries reuse the request's idempotency key, so a retried write is never done twice.
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: 'Caravanserai' },
        ...(base && { host: base.host, port: base.port, protocol: base.protocol }),
      });
    });
    return this.client;
  }

  createCustomer(input: { email: string; name: string; userId: number }, key: string): Promise<string> {
    return this.call(
      (stripe) =>
        stripe.customers.create(
          {
            ...(input.email && { email: input.email }),
            name: input.name,
            metadata: { caravanserai_user: String(input.userId) },
          },
          { idempotencyKey: key },
        ),
      StripeCustomer,
    ).then((c) => c.id);
  }

  async retrieveCustomer(id: string): Promise<RemoteCustomer> {
    const customer = await this.call((stripe) => stripe.customers.retrieve(id), StripeCustomer);
    return {
      id: customer.id,
      deleted: customer.deleted === true,
      defaultPaymentMethod: customer.invoice_settings?.default_payment_method ?? null,
    };
  }

  async setDefaultCard(customer: string, card: string | null, key: string): Promise<void> {
    await this.call(
      (stripe) =>
        stripe.customers.update(
          customer,
          { invoice_settings: { default_payment_method: card ?? '' } },
          { idempotencyKey: key },
        ),
      StripeCustomer,
    );
  }

  async attachCard(paymentMethod: string, customer: string, key: string): Promise<RemoteCard> {
    const method = await this.call(
      (stripe) => stripe.paymentMethods.attach(paymentMethod, { customer }, { idempotencyKey: key }),
      StripePaymentMethod,
    );
    return this.card(method);
  }

  async detachCard(paymentMethod: string, key: string): Promise<void> {
    await this.call(
      (stripe) => stripe.paymentMethods.detach(paymentMethod, {}, { idempotencyKey: key }),
      StripePaymentMethod,
    );
  }

  async retrieveCard(paymentMethod: string): Promise<RemoteCard> {
    return this.card(
      await this.call((stripe) => stripe.paymentMethods.retrieve(paymentMethod), StripePaymentMethod),
    );
  }

  /** The customer's cards, newest first (at most 100: far more than anyone saves). */
  async listCards(customer: string): Promise<RemoteCard[]> {
    const list = await this.call(
      (stripe) => stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 100 }),
      List(StripePaymentMethod),
    );
    return list.data.filter((m) => m.card).map((m) => this.card(m));
  }

  createSubscription(
    input: { customer: string; price: string; metadata: Record<string, string> },
    key: string,
  ): Promise<RemoteSubscription> {
    return this.call(
      (stripe) =>
        stripe.subscriptions.create(
          {
            customer: input.customer,
            items: [{ price: input.price }],
            metadata: input.metadata,
            // A refused first charge fails the request instead of leaving an unpaid subscription.
            payment_behavior: 'error_if_incomplete',
          },
          { idempotencyKey: key },
        ),
      StripeSubscription,
    );
  }

  retrieveSubscription(id: string): Promise<RemoteSubscription> {
    return this.call((stripe) => stripe.subscriptions.retrieve(id), StripeSubscription);
  }

  /** Every subscription of the customer, ended ones included, newest first. */
  async listSubscriptions(customer: string): Promise<RemoteSubscription[]> {
    const list = await this.call(
      (stripe) => stripe.subscriptions.list({ customer, status: 'all', limit: 100 }),
      List(StripeSubscription),
    );
    return list.data;
  }

  updateSubscription(id: string, changes: SubscriptionChanges, key: string): Promise<RemoteSubscription> {
    const params: Stripe.SubscriptionUpdateParams = {};
    if (changes.price) {
      params.items = [{ id: changes.price.itemId, price: changes.price.priceId }];
      params.proration_behavior = 'create_prorations';
      params.payment_behavior = 'error_if_incomplete';
    }
    if (changes.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = changes.cancelAtPeriodEnd;
    if (changes.metadata) params.metadata = changes.metadata;
    return this.call(
      (stripe) => stripe.subscriptions.update(id, params, { idempotencyKey: key }),
      StripeSubscription,
    );
  }

  /** Checks the signature over the raw bytes (constructEvent) and reads the envelope. */
  async verifyEvent(payload: Buffer, signature: string): Promise<VerifiedEvent> {
    const stripe = await this.sdk();
    let event: unknown;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new GatewayError('invalid', safeReason(message, this.secrets));
    }
    const parsed = StripeEventEnvelope.safeParse(event);
    if (!parsed.success) throw new GatewayError('invalid', 'The event is not one Stripe sends.');
    return parsed.data;
  }

  private card(method: z.output<typeof StripePaymentMethod>): RemoteCard {
    if (!method.card) throw new GatewayError('invalid', 'This payment method is not a card.');
    const { brand, last4, exp_month, exp_year } = method.card;
    return { id: method.id, customer: method.customer, brand, last4, expMonth: exp_month, expYear: exp_year };
  }

  private async call<S extends z.ZodType>(
    send: (stripe: Stripe) => Promise<unknown>,
    schema: S,
  ): Promise<z.output<S>> {
    let answer: unknown;
    try {
      answer = await send(await this.sdk());
    } catch (error) {
      throw toGatewayError(error, this.secrets);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new GatewayError('unavailable', 'Stripe sent an answer that cannot be used.');
    return parsed.data;
  }
}
