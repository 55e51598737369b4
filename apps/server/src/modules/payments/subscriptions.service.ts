import type { Subscription, SubscriptionChangeResult, SubscriptionCreate } from '@caravanserai/api';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { PaymentAccess } from '../../access/payment-access.js';
import { now } from '../../db/columns.js';
import type { SubscriptionRow, UserRow } from '../../db/database.js';
import { Conflict, fieldError } from '../../errors.js';
import type { Tier } from '../../stripe-settings.js';
import { GatewayError } from './gateway-error.js';
import { type KeySource, requestKey } from './idempotency.js';
import { type SubscriptionMirror, TIER_METADATA } from './mirror.js';
import {
  AlreadySubscribed,
  KeyReused,
  orFail,
  PaymentFailed,
  PaymentMethodRequired,
  ProviderFailed,
} from './payment-errors.js';
import { toSubscription } from './payments.presenter.js';
import type { PriceBook } from './price-book.js';
import { isEnded } from './role.js';
import type { StripeGateway } from './stripe-gateway.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';
import type { UserLock } from './user-lock.js';

type CreateInput = z.output<typeof SubscriptionCreate>;

/** The spec's purchase pages send this placeholder instead of a price id. */
const PLACEHOLDER_PRICE = '000';

const tierOf = (input: 'merchant' | 'sultan'): Tier => (input === 'merchant' ? 'Merchant' : 'Sultan');

/** Buying, listing, moving and cancelling subscriptions; the mirror and the role follow each. */
export class SubscriptionsService {
  constructor(
    private readonly gateway: StripeGateway,
    private readonly repo: SubscriptionsRepository,
    private readonly mirror: SubscriptionMirror,
    private readonly access: PaymentAccess,
    private readonly prices: PriceBook,
    private readonly lock: UserLock,
  ) {}

  /**
   * The user's subscriptions, newest first. Stripe's list is read first and recorded, so a missed
   * webhook never leaves the list behind; if Stripe cannot be reached the mirror is shown as it is.
   */
  async list(user: UserRow, log: FastifyBaseLogger): Promise<Subscription[]> {
    const customer = await this.repo.customerIdOf(user.id);
    if (customer) {
      await this.lock.run(user.id, async () => {
        try {
          await this.syncFromStripe(user, customer);
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          log.warn(
            { reason: error.reason },
            'could not read the subscriptions at Stripe; showing the mirror',
          );
        }
      });
    }
    return (await this.repo.listFor(user.id)).map(toSubscription);
  }

  async get(user: UserRow, id: string): Promise<Subscription> {
    return toSubscription(await this.access.ownSubscription(user, id));
  }

  /**
   * Buys a tier at the configured price, charged to the default card at once. A repeat of the same
   * purchase (the same Idempotency-Key, or the same request within the key window) answers the
   * subscription it made; another purchase of a tier the user already has is refused (409) before
   * anything is asked of Stripe. The check reads Stripe's own list, not only the mirror, so a
   * subscription the mirror has not heard of yet (a webhook still on its way, a purchase through
   * another server process) refuses it too; it runs under the user's lock, so two purchases at once
   * see each other.
   */
  async create(user: UserRow, input: CreateInput, clientKey: string | null): Promise<Subscription> {
    const tier = tierOf(input.subscription_type);
    const interval = input.interval ?? 'month';
    const price = this.prices.priceFor(tier, interval);
    if (input.price_id !== price && input.price_id !== PLACEHOLDER_PRICE)
      throw fieldError(
        'price_id',
        `The ${tier} ${interval}ly price is ${price} (or send "${PLACEHOLDER_PRICE}").`,
      );

    return this.lock.run(user.id, async () => {
      const customer = await this.repo.customerIdOf(user.id);
      if (!customer) throw PaymentMethodRequired();
      const remote = await orFail(this.gateway.retrieveCustomer(customer));
      const card = remote.deleted ? null : remote.defaultPaymentMethod;
      if (!remote.deleted) await orFail(this.syncFromStripe(user, customer));
      const rows = await this.repo.listFor(user.id);
      // The state it starts from: buying again after a subscription ended is a new purchase, and
      // so is trying again with another card after a refusal (Stripe keeps the refusal's answer).
      const ended = rows.filter((r) => isEnded(r.status)).map((r) => r.id);
      const key = requestKey('subscribe', this.keySource(user, clientKey), {
        params: [tier, interval, price],
        state: [...ended.sort(), card],
      });
      const repeat = rows.find((r) => r.request_key === key && !isEnded(r.status));
      if (repeat && repeat.type !== tier) throw KeyReused();
      if (repeat) return toSubscription(repeat);
      if (rows.some((r) => r.type === tier && !isEnded(r.status))) throw AlreadySubscribed(tier);
      if (card === null) throw PaymentMethodRequired();

      const created = await orFail(
        this.gateway.createSubscription(
          { customer, price, metadata: { caravanserai_user: String(user.id), [TIER_METADATA]: tier } },
          key,
        ),
        (error) => (error.kind === 'idempotency' ? KeyReused() : purchaseFailure(error)),
      );
      return toSubscription(await this.recorded(user, created, key));
    });
  }

  /**
   * Moves a subscription to the tier `subscription_type` names, keeping its interval. Already that
   * tier is answered as done; a tier the user already has elsewhere is refused (409).
   */
  async changeTier(
    user: UserRow,
    input: { subscription_type: 'merchant' | 'sultan'; subscription_id: string },
    clientKey: string | null,
  ): Promise<SubscriptionChangeResult> {
    const target = tierOf(input.subscription_type);
    return this.lock.run(user.id, async () => {
      const row = await this.access.ownSubscription(user, input.subscription_id);
      const customer = (await this.repo.customerIdOf(user.id)) ?? '';
      const result = { customer_id: customer, subscription_id: row.id, type: target };
      if (isEnded(row.status)) throw Conflict('This subscription has ended.');
      if (row.type === target) return result;
      const others = await this.repo.listFor(user.id);
      if (others.some((r) => r.id !== row.id && r.type === target && !isEnded(r.status)))
        throw AlreadySubscribed(target);

      const remote = await orFail(this.gateway.retrieveSubscription(row.id));
      const item = remote.items.data[0]!;
      const price = this.prices.priceFor(target, row.interval);
      const key = requestKey('change-tier', this.keySource(user, clientKey), {
        params: [row.id, target],
        state: [item.price.id],
      });
      const updated = await orFail(
        this.gateway.updateSubscription(
          row.id,
          { price: { itemId: item.id, priceId: price }, metadata: { [TIER_METADATA]: target } },
          key,
        ),
        (error) => (error.kind === 'idempotency' ? KeyReused() : purchaseFailure(error)),
      );
      await this.recorded(user, updated, null);
      return result;
    });
  }

  /** Cancels at the end of the paid period (self-service): active until then, then ended. */
  async cancel(user: UserRow, id: string, clientKey: string | null): Promise<Subscription> {
    return this.lock.run(user.id, async () => {
      const row = await this.access.ownSubscription(user, id);
      if (isEnded(row.status) || row.cancel_at_period_end) return toSubscription(row);
      const key = requestKey('cancel', this.keySource(user, clientKey), { params: [row.id] });
      const updated = await orFail(this.gateway.updateSubscription(row.id, { cancelAtPeriodEnd: true }, key));
      return toSubscription(await this.recorded(user, updated, null));
    });
  }

  /** Records every subscription Stripe holds for the customer; the caller holds the user's lock. */
  private async syncFromStripe(user: UserRow, customer: string): Promise<void> {
    for (const remote of await this.gateway.listSubscriptions(customer))
      await this.mirror.record(user.id, remote);
  }

  private async recorded(
    user: UserRow,
    remote: Parameters<SubscriptionMirror['record']>[1],
    key: string | null,
  ): Promise<SubscriptionRow> {
    const row = await this.mirror.record(user.id, remote, key);
    if (!row) throw ProviderFailed('Stripe answered with a subscription of another product.');
    return row;
  }

  private keySource(user: UserRow, clientKey: string | null): KeySource {
    return { user, clientKey, nowMs: now() };
  }
}

/** A refused charge is the user's to fix (402); anything else is Stripe's or the setup's (502). */
function purchaseFailure(error: GatewayError) {
  return error.kind === 'card' ? PaymentFailed(error.reason) : ProviderFailed(error.reason);
}
