import type { BillingInterval, Subscription, SubscriptionType } from '@caravanserai/api';
import { Alert, Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCards } from '../api/get-cards';
import { useSubscriptions } from '../api/get-subscriptions';
import { useSubscribe } from '../api/subscribe';
import { failureText } from '../lib/failure-text';
import { ActivePaymentMethod } from './active-payment-method';

export interface TierPrices {
  /** As the tiers page shows them: '$120', '$1200'. */
  month: string;
  year: string;
}

const manageHref = (subscription: Subscription) =>
  subscription.type === 'Merchant'
    ? paths.merchantManage.href(subscription.subscription_id)
    : paths.sultanManage.href(subscription.subscription_id);

/**
 * The purchase form: the active card, monthly or annual billing, the question and
 * Submit. A tier already held is not offered again.
 */
export function PurchaseForm({
  tier,
  prices,
  methodsHref,
  onPurchased,
}: {
  tier: SubscriptionType;
  prices: TierPrices;
  methodsHref: string;
  onPurchased: (subscription: Subscription) => void;
}) {
  const cards = useCards();
  const subscriptions = useSubscriptions();
  const subscribe = useSubscribe();
  const [interval, setBilling] = useState<BillingInterval>('month');

  const card = cards.data?.find((c) => c.default_payment_method && c.status);
  const held = subscriptions.data?.find((s) => s.type === tier && s.is_active);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    subscribe.mutate({ tier, interval }, { onSuccess: onPurchased });
  };

  return (
    <Stack gap="lg">
      <ActivePaymentMethod card={card} loading={cards.isPending} methodsHref={methodsHref} />
      {held ? (
        <Alert color="teal" variant="light" title={`You are already a ${tier}.`}>
          <Text size="sm">
            Your {tier} subscription is active.{' '}
            <Anchor component={Link} to={manageHref(held)} inherit>
              Manage Subscription
            </Anchor>
          </Text>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Radio.Group
              label="Billing"
              value={interval}
              onChange={(value) => setBilling(value === 'year' ? 'year' : 'month')}
            >
              <Stack gap="xs" mt={6}>
                <Radio value="month" label={`Monthly: ${prices.month} per month`} />
                <Radio value="year" label={`Annual: ${prices.year} per year`} />
              </Stack>
            </Radio.Group>
            {subscribe.isError && (
              <Alert color="red" variant="light" role="alert" title="The subscription was not purchased.">
                {failureText(subscribe.error)}
              </Alert>
            )}
            <Text fw={600}>Are you sure you want to purchase a {tier} Subscription?</Text>
            <Group>
              <Button type="submit" loading={subscribe.isPending} disabled={!card}>
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
