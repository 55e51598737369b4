import type { UserRow } from '../../db/database.js';
import { customerKey } from './idempotency.js';
import { orFail } from './payment-errors.js';
import type { StripeGateway } from './stripe-gateway.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

/** The user's Stripe customer: made once, its id kept on the user. */
export class Customers {
  constructor(
    private readonly repo: SubscriptionsRepository,
    private readonly gateway: StripeGateway,
  ) {}

  idOf(user: UserRow): Promise<string | null> {
    return this.repo.customerIdOf(user.id);
  }

  /** The user's customer id, creating the customer at Stripe the first time. */
  async ensure(user: UserRow): Promise<string> {
    const existing = await this.repo.customerIdOf(user.id);
    if (existing) return existing;
    // One key per user: two first requests at once reach Stripe as one and get one customer.
    const created = await orFail(
      this.gateway.createCustomer(
        { email: user.email, name: user.username, userId: user.id },
        customerKey(user),
      ),
    );
    await this.repo.setCustomerId(user.id, created);
    return (await this.repo.customerIdOf(user.id)) ?? created;
  }
}
