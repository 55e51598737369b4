import type { PaymentSource, Subscription } from '@caravanserai/api';
import { bool, iso } from '../../db/columns.js';
import type { SubscriptionRow } from '../../db/database.js';
import { isActive } from './role.js';
import type { RemoteCard } from './stripe-gateway.js';

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    subscription_id: row.id,
    type: row.type,
    is_active: isActive(row.status),
    status: row.status,
    interval: row.interval,
    current_period_end: row.current_period_end === null ? null : iso(row.current_period_end),
    cancel_at_period_end: bool(row.cancel_at_period_end),
  };
}

/** A card that has expired stays listed but with status false (the spec shows only true ones). */
export function toPaymentSource(card: RemoteCard, defaultCard: string | null, nowMs: number): PaymentSource {
  const now = new Date(nowMs);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return {
    payment_key: card.id,
    status: card.expYear * 12 + card.expMonth >= thisMonth,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    default_payment_method: card.id === defaultCard,
  };
}
