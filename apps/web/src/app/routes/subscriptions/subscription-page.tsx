import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { CancelAtPeriodEnd } from '../../../features/payments/components/cancel-at-period-end';
import { profileKey } from '../../../features/profile/api/get-profile';
import { SubscriptionContact } from '../../../features/subscriptions/components/subscription-contact';
import {
  type PaidTier,
  type SubscriptionPageKind,
  subscriptionCrumbs,
  subscriptionHeading,
  subscriptionHref,
} from '../../../features/subscriptions/lib/subscription-pages';
import { usePublicConfig } from '../../../lib/use-public-config';

/**
 * The four subscription pages. They show the ID from the address rather than
 * asking the server: with payments off every /payments/ call is 404, and cancelling is by e-mail
 * in both modes. With payments on, the signed-in owner can also cancel at period end right here.
 */
export function SubscriptionPage({ tier, kind }: { tier: PaidTier; kind: SubscriptionPageKind }) {
  const { subscriptionId = '' } = useParams();
  const paymentsEnabled = usePublicConfig()?.payments_enabled ?? false;
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // With payments on, the owner cancels right here: the e-mail page would only say it again.
  const selfService = paymentsEnabled && user !== null;
  const heading = subscriptionHeading(tier, kind);
  return (
    <Page
      title={heading}
      heading={heading}
      size="sm"
      breadcrumbs={subscriptionCrumbs(tier, kind, subscriptionId, paymentsEnabled)}
    >
      <Stack gap="xl">
        <SubscriptionContact
          tier={tier}
          subscriptionId={subscriptionId}
          username={user?.username}
          action={
            user && paymentsEnabled ? (
              <CancelAtPeriodEnd
                subscriptionId={subscriptionId}
                tier={tier}
                onCancelled={() => queryClient.invalidateQueries({ queryKey: profileKey(user.username) })}
              />
            ) : undefined
          }
        />
        {kind === 'manage' && !selfService && (
          <Group>
            <Button component={Link} to={subscriptionHref(tier, 'cancel', subscriptionId)} variant="default">
              Cancel Subscription
            </Button>
          </Group>
        )}
        {kind === 'cancel' && tier === 'Sultan' && (
          // The spec's Sultan page offers these two; its Settings had no handler: it opens the profile.
          <Group>
            <Button component={Link} to={paths.logbooks.create.href()}>
              Create Logbook
            </Button>
            <Button
              component={Link}
              to={user ? paths.profile.href(user.username) : paths.login.href()}
              variant="default"
            >
              Settings
            </Button>
          </Group>
        )}
      </Stack>
    </Page>
  );
}
