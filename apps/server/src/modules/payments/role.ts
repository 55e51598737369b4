import type { Tier } from '../../stripe-settings.js';

export type Role = 'Pilgrim' | Tier;

/** A subscription gives its tier while Stripe is still collecting for it normally. */
const ACTIVE = new Set(['active', 'trialing']);
/** Statuses Stripe never leaves: the subscription is over. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export const isActive = (status: string): boolean => ACTIVE.has(status);
export const isEnded = (status: string): boolean => ENDED.has(status);

/**
 * The role a user's subscriptions give: Sultan with an active Sultan subscription,
 * else Merchant with an active Merchant one, else Pilgrim. A subscription set to cancel at its
 * period's end stays active until then; a past_due one counts again once its invoice is paid.
 */
export function roleOf(subscriptions: readonly { type: Tier; status: string }[]): Role {
  const active = subscriptions.filter((s) => isActive(s.status));
  if (active.some((s) => s.type === 'Sultan')) return 'Sultan';
  if (active.some((s) => s.type === 'Merchant')) return 'Merchant';
  return 'Pilgrim';
}
