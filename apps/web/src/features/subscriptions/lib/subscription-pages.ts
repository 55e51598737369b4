import { type Crumb, fromHome } from '../../../components/breadcrumbs';
import { paths } from '../../../config/paths';

/** The tiers that are subscriptions, as the API names their type. */
export type PaidTier = 'Merchant' | 'Sultan';
export type SubscriptionPageKind = 'manage' | 'cancel';

const PAGES = {
  Merchant: { manage: paths.merchantManage, cancel: paths.merchantCancel },
  Sultan: { manage: paths.sultanManage, cancel: paths.sultanCancel },
} as const;

export function subscriptionHref(tier: PaidTier, kind: SubscriptionPageKind, subscriptionId: string): string {
  return PAGES[tier][kind].href(subscriptionId);
}

export function subscriptionHeading(tier: PaidTier, kind: SubscriptionPageKind): string {
  return kind === 'manage' ? `${tier} Subscription` : `Cancel ${tier} Subscription`;
}

/**
 * Home > User Subscriptions > the subscription (> Cancel). The list exists only with payments on;
 * with them off its crumb is plain text rather than a link that would bounce home.
 */
export function subscriptionCrumbs(
  tier: PaidTier,
  kind: SubscriptionPageKind,
  subscriptionId: string,
  paymentsEnabled: boolean,
): Crumb[] {
  const list: Crumb = {
    label: 'User Subscriptions',
    href: paymentsEnabled ? paths.subscriptions.href() : undefined,
  };
  const manage: Crumb = { label: subscriptionHeading(tier, 'manage') };
  if (kind === 'manage') return fromHome(list, manage);
  return fromHome(
    list,
    { ...manage, href: subscriptionHref(tier, 'manage', subscriptionId) },
    { label: 'Cancel' },
  );
}
