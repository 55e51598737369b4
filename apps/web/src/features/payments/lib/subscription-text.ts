import type { Subscription } from '@caravanserai/api';

/** Stripe's subscription statuses in words. */
const STATUS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Expired',
  canceled: 'Ended',
  paused: 'Paused',
};

export function statusText(status: string): string {
  return STATUS[status] ?? status;
}

export function intervalText(subscription: Pick<Subscription, 'interval'>): string {
  return subscription.interval === 'year' ? 'Billed annually' : 'Billed monthly';
}

/** A date as the reader's browser writes dates: 12 Mar 2027, Mar 12, 2027... */
export function dateText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** What happens next: it renews, it ends (cancelled at period end), or it has ended. */
export function periodText(subscription: Subscription): string {
  const end = subscription.current_period_end;
  if (!subscription.is_active) return statusText(subscription.status);
  if (!end) return statusText(subscription.status);
  return subscription.cancel_at_period_end ? `Ends on ${dateText(end)}` : `Renews on ${dateText(end)}`;
}
