import type { SubscriptionRow, UserRow } from '../db/database.js';
import { Forbidden, NotFound } from '../errors.js';
import { usernameKey } from '../modules/auth/users.repository.js';
import type { SubscriptionMirror } from '../modules/payments/mirror.js';
import { fromGateway, orFail } from '../modules/payments/payment-errors.js';
import type { RemoteCard, StripeGateway } from '../modules/payments/stripe-gateway.js';
import type { SubscriptionsRepository } from '../modules/payments/subscriptions.repository.js';

const CARD_NOT_FOUND = 'Payment method not found.';
const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';

/**
 * Payments are their owner's only, checked here and nowhere else: a username naming someone else
 * is refused (403); a card, customer or subscription id of someone else's is not found (404), so
 * ids leak nothing.
 */
export class PaymentAccess {
  constructor(
    private readonly repo: SubscriptionsRepository,
    private readonly gateway: StripeGateway,
    private readonly mirror: SubscriptionMirror,
  ) {}

  ownUsername(user: UserRow, username: string): void {
    if (usernameKey(username) !== user.username_key)
      throw Forbidden('You can only manage your own payment methods and subscriptions.');
  }

  /** A customer id sent by the client must be the user's own. */
  ownCustomerId(customerId: string | null, given: string | null | undefined): void {
    if (given && given !== customerId) throw NotFound('Customer not found.');
  }

  /** A card attached to the user's Stripe customer. */
  async ownCard(user: UserRow, paymentMethod: string): Promise<{ customer: string; card: RemoteCard }> {
    const customer = await this.repo.customerIdOf(user.id);
    if (!customer) throw NotFound(CARD_NOT_FOUND);
    const card = await orFail(this.gateway.retrieveCard(paymentMethod), (e) =>
      fromGateway(e, CARD_NOT_FOUND),
    );
    if (card.customer !== customer) throw NotFound(CARD_NOT_FOUND);
    return { customer, card };
  }

  /**
   * One of the user's subscriptions: from the mirror, or from Stripe when the mirror has not heard
   * of it yet (a webhook still on its way), if it is the user's customer's.
   */
  async ownSubscription(user: UserRow, id: string): Promise<SubscriptionRow> {
    const row = await this.repo.find(id);
    if (row) {
      if (row.user_id !== user.id) throw NotFound(SUBSCRIPTION_NOT_FOUND);
      return row;
    }
    const customer = await this.repo.customerIdOf(user.id);
    if (!customer) throw NotFound(SUBSCRIPTION_NOT_FOUND);
    const remote = await orFail(this.gateway.retrieveSubscription(id), (e) =>
      fromGateway(e, SUBSCRIPTION_NOT_FOUND),
    );
    const recorded = remote.customer === customer ? await this.mirror.record(user.id, remote) : null;
    if (!recorded) throw NotFound(SUBSCRIPTION_NOT_FOUND);
    return recorded;
  }
}
