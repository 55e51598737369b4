import type { Subscription } from '@caravanserai/api';
import { Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { intervalText, periodText } from '../lib/subscription-text';
import { ActiveTick } from './active-tick';
import classes from './subscription-list.module.css';

const TIER_COLORS = { Merchant: 'blue', Sultan: 'grape' } as const;

const manageHref = (subscription: Subscription) =>
  subscription.type === 'Merchant'
    ? paths.merchantManage.href(subscription.subscription_id)
    : paths.sultanManage.href(subscription.subscription_id);

/**
 * The user's subscriptions: type and subscription id, an 'Active' tick while
 * active, and 'Manage Subscription', which opens the tier's manage page; so does the whole card.
 */
export function SubscriptionList({ subscriptions }: { subscriptions: Subscription[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Subscriptions">
      {subscriptions.map((subscription) => (
        <li key={subscription.subscription_id}>
          <SubscriptionCard subscription={subscription} />
        </li>
      ))}
    </Stack>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const titleId = useId();
  return (
    <Card withBorder padding="md" className={classes.card}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Badge id={titleId} size="lg" tt="none" color={TIER_COLORS[subscription.type]}>
            {subscription.type}
          </Badge>
          {subscription.is_active && <ActiveTick />}
        </Group>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Subscription ID
          </Text>
          <Code fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {subscription.subscription_id}
          </Code>
        </Stack>
        <Text size="sm" c="dimmed">
          {intervalText(subscription)} · {periodText(subscription)}
        </Text>
        <Group>
          <Button
            component={Link}
            to={manageHref(subscription)}
            variant="light"
            className={classes.manage}
            aria-describedby={titleId}
          >
            Manage Subscription
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
