import { Box, Code, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SupportEmail } from '../../../components/support-email';
import type { PaidTier } from '../lib/subscription-pages';

const CANCEL_BY_EMAIL = 'Email us if you want to cancel with your username and subscription ID';

/**
 * A subscription's ID and how to cancel it: by e-mail to support, quoting the username and the ID
 *, so both are shown where they can be copied. `action` goes beside the e-mail text:
 * with payments on, that is where the self-service cancel button belongs.
 */
export function SubscriptionContact({
  tier,
  subscriptionId,
  username,
  action,
}: {
  tier: PaidTier;
  subscriptionId: string;
  /** The signed-in user's name, shown to quote in the e-mail; absent when signed out. */
  username?: string;
  action?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="dl" m={0}>
        <Text component="dt" size="sm" c="dimmed">
          This {tier} Subscription ID
        </Text>
        <Box component="dd" m={0} mt={4}>
          <Code fz="md" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {subscriptionId}
          </Code>
        </Box>
        {username && (
          <>
            <Text component="dt" size="sm" c="dimmed" mt="sm">
              Your username
            </Text>
            <Box component="dd" m={0} mt={4}>
              <Code fz="md" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                {username}
              </Code>
            </Box>
          </>
        )}
      </Paper>
      <Stack gap={4}>
        <Text>{CANCEL_BY_EMAIL}</Text>
        <Text size="lg" fw={600}>
          <SupportEmail />
        </Text>
      </Stack>
      {action}
    </Stack>
  );
}
