import { Stack, Text } from '@mantine/core';
import { Page } from '../../components/page';
import { TierTable } from '../../features/subscriptions/components/tier-table';
import { TIERS } from '../../features/subscriptions/components/tiers';
import { usePublicConfig } from '../../lib/use-public-config';

export function Component() {
  const paymentsEnabled = usePublicConfig()?.payments_enabled ?? false;
  return (
    <Page title="Subscription Tiers" heading="Subscription Tiers">
      <Stack gap="lg">
        <Text>
          Every account starts as a Pilgrim, free for good. Merchants and Sultans support the project and get
          more; select their badge to subscribe.{' '}
          {paymentsEnabled
            ? 'Pay monthly, or annually for ten months’ price; cancel whenever you like.'
            : 'Payments are not switched on in this build, so the paid tiers cannot be bought here yet.'}
        </Text>
        {TIERS.map((tier) => (
          <TierTable key={tier.role} tier={tier} />
        ))}
      </Stack>
    </Page>
  );
}
