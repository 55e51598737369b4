import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { useSubscriptions } from '../../../features/payments/api/get-subscriptions';
import { SubscriptionList } from '../../../features/payments/components/subscription-list';
import { failureText } from '../../../features/payments/lib/failure-text';
import { SignedInOnly } from './signed-in-only';

/** /payments/subscribe/change/: 'Your Subscriptions', each with 'Manage Subscription'. */
export function Component() {
  const { user } = useCurrentUser();
  return (
    <Page
      title="Your Subscriptions"
      heading="Your Subscriptions"
      size="sm"
      breadcrumbs={fromHome(
        { label: 'Your Profile', href: user ? paths.profile.href(user.username) : undefined },
        { label: 'Your Subscriptions' },
      )}
    >
      <SignedInOnly>{() => <Subscriptions />}</SignedInOnly>
    </Page>
  );
}

function Subscriptions() {
  const subscriptions = useSubscriptions();
  if (subscriptions.isPending) return <PageLoader label="Loading subscriptions" />;
  if (subscriptions.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Your subscriptions could not be loaded.">
        {failureText(subscriptions.error)}
      </Alert>
    );
  }
  if (subscriptions.data.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Text fw={600}>No subscriptions yet.</Text>
          <Text c="dimmed">Every account is a Pilgrim, free for good. Merchants and Sultans get more.</Text>
          <Group mt="xs">
            <Button component={Link} to={paths.subscribe.href()}>
              View Subscription Tiers
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return <SubscriptionList subscriptions={subscriptions.data} />;
}
