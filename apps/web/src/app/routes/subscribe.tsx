import { Stack, Text } from '@mantine/core';
import { Page } from '../../components/page';
import { TierTable } from '../../features/subscriptions/components/tier-table';
import { TIERS } from '../../features/subscriptions/components/tiers';

export function Component() {
  return (
    <Page title="Subscription Tiers" heading="Subscription Tiers">
      <Stack gap="lg">
        <Text>
          Every account starts as a Pilgrim, free for good. Merchants and Sultans support the project and get
          more; select their badge to subscribe. Payments are not switched on in this build, so the paid tiers
          cannot be bought here yet.
        </Text>
        {TIERS.map((tier) => (
          <TierTable key={tier.role} tier={tier} />
        ))}
      </Stack>
    </Page>
  );
}
