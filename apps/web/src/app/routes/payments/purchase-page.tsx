import type { Subscription, SubscriptionType } from '@caravanserai/api';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { PurchaseForm } from '../../../features/payments/components/purchase-form';
import { profileKey } from '../../../features/profile/api/get-profile';
import { TIERS } from '../../../features/subscriptions/components/tiers';
import { SignedInOnly } from './signed-in-only';

const PURCHASE_PATH = { Merchant: paths.subscribeMerchant, Sultan: paths.subscribeSultan } as const;

/**
 * /subscribe/merchant/ and /subscribe/sultan/: 'About Merchants' or 'About Sultans',
 * the tier and its prices, the active card, the question and Submit; on success the profile, whose
 * role badge now shows the tier.
 */
export function PurchasePage({ tier }: { tier: SubscriptionType }) {
  const about = `About ${tier}s`;
  const details = TIERS.find((t) => t.role === tier)!;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const purchased = (username: string) => (subscription: Subscription) => {
    // The role follows the subscription: the profile is asked again, not shown from the cache.
    void queryClient.invalidateQueries({ queryKey: profileKey(username) });
    notifications.show({
      color: 'teal',
      message: `Welcome, ${subscription.type}. Your subscription is active.`,
    });
    navigate(paths.profile.href(username));
  };

  return (
    <Page
      title={about}
      heading={about}
      size="sm"
      breadcrumbs={fromHome({ label: 'Subscription Tiers', href: paths.subscribe.href() }, { label: tier })}
    >
      <Stack gap="lg">
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Group gap="xs">
              <Badge size="lg" tt="none" color={details.color}>
                {tier}
              </Badge>
              <Text fw={600}>
                {details.monthly} per month or {details.annual} per year
              </Text>
            </Group>
            <Text>{details.features}.</Text>
          </Stack>
        </Paper>
        <SignedInOnly>
          {(user) => (
            <PurchaseForm
              tier={tier}
              prices={{ month: details.monthly, year: details.annual }}
              methodsHref={`${paths.paymentMethods.href(user.username)}?next=${encodeURIComponent(PURCHASE_PATH[tier].href())}`}
              onPurchased={purchased(user.username)}
            />
          )}
        </SignedInOnly>
      </Stack>
    </Page>
  );
}
