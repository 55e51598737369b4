import { int, now } from '../../db/columns.js';
import type { SubscriptionRow } from '../../db/database.js';
import type { Db } from '../../db/dialect.js';
import type { Tier } from '../../stripe-settings.js';
import type { PriceBook } from './price-book.js';
import { roleOf } from './role.js';
import type { RemoteSubscription } from './stripe-gateway.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

/** Written into each subscription's metadata at Stripe, so its tier is known whatever its price. */
export const TIER_METADATA = 'caravanserai_tier';

/**
 * Keeps the local mirror and the role in step with Stripe: every path that learns a subscription's
 * state (a purchase, a change, a webhook, a list) records it here, in one transaction with the role.
 */
export class SubscriptionMirror {
  constructor(
    private readonly db: Db,
    private readonly repo: SubscriptionsRepository,
    private readonly prices: PriceBook,
  ) {}

  /**
   * Records Stripe's view of a subscription for its user and derives the role again. A
   * subscription that is not one of ours (another product's price, no tier) is left out: null.
   */
  async record(
    userId: number,
    remote: RemoteSubscription,
    requestKey: string | null = null,
  ): Promise<SubscriptionRow | null> {
    const item = remote.items.data[0]!;
    const known = this.prices.lookup(item.price.id);
    const tier = known?.tier ?? tierFrom(remote.metadata?.[TIER_METADATA]);
    const interval = known?.interval ?? intervalFrom(item.price.recurring?.interval);
    if (!tier || !interval) return null;
    const periodEnd = item.current_period_end ?? remote.current_period_end;
    const at = now();
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.repo.upsert(
        {
          id: remote.id,
          user_id: userId,
          type: tier,
          status: remote.status,
          interval,
          current_period_end: periodEnd === undefined ? null : periodEnd * 1000,
          cancel_at_period_end: int(remote.cancel_at_period_end),
          price: item.price.id,
        },
        remote.created * 1000,
        requestKey,
        at,
        trx,
      );
      await this.repo.setRole(userId, roleOf(await this.repo.listFor(userId, trx)), trx);
    });
    return (await this.repo.find(remote.id)) ?? null;
  }
}

function tierFrom(value: string | undefined): Tier | null {
  return value === 'Merchant' || value === 'Sultan' ? value : null;
}

function intervalFrom(value: string | undefined): 'month' | 'year' | null {
  return value === 'month' || value === 'year' ? value : null;
}
