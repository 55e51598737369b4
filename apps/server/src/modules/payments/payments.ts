import { PaymentAccess } from '../../access/payment-access.js';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import { CardsService } from './cards.service.js';
import { Customers } from './customers.js';
import { SubscriptionMirror } from './mirror.js';
import { PriceBook } from './price-book.js';
import { StripeGateway } from './stripe-gateway.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UserLock } from './user-lock.js';
import { WebhookService } from './webhook.service.js';

/** Payments as the routes see them; absent (null) while payments are off. */
export interface Payments {
  /** The user's Stripe customer, made on first use (`POST /payments/customer/create/`). */
  createCustomer(user: UserRow, username: string): Promise<{ customer_id: string }>;
  cards: CardsService;
  subscriptions: SubscriptionsService;
  webhooks: WebhookService;
}

/**
 * What payments builds that other modules bill through: its Stripe gateway, its customers and its
 * one user lock of this process, so their work on a user is ordered against payments' own.
 */
export interface PaymentParts {
  gateway: StripeGateway;
  customers: Customers;
  lock: UserLock;
}

/** Payments for the routes and its parts for billing elsewhere; null while payments are off. */
export function createPayments(config: Config, db: Db): { payments: Payments; parts: PaymentParts } | null {
  if (!config.paymentsEnabled || !config.stripe) return null;
  const gateway = new StripeGateway(config.stripe);
  const repo = new SubscriptionsRepository(db.kysely);
  const prices = new PriceBook(config.stripe.prices);
  const mirror = new SubscriptionMirror(db, repo, prices);
  const access = new PaymentAccess(repo, gateway, mirror);
  const customers = new Customers(repo, gateway);
  const lock = new UserLock(db);
  const payments: Payments = {
    async createCustomer(user, username) {
      access.ownUsername(user, username);
      return { customer_id: await lock.run(user.id, () => customers.ensure(user)) };
    },
    cards: new CardsService(gateway, customers, access, lock),
    subscriptions: new SubscriptionsService(gateway, repo, mirror, access, prices, lock),
    webhooks: new WebhookService(gateway, repo, mirror, lock),
  };
  return { payments, parts: { gateway, customers, lock } };
}
