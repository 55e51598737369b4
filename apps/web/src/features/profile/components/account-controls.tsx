import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { SignOutEverywhere } from './sign-out-everywhere';

/**
 * Subscription and payment controls and 'Sign out everywhere', rendered only for the profile's own
 * user (anon_view false).
 */
export function AccountControls({ username }: { username: string }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-heading">
      <Title order={2} fz="lg" id="account-heading">
        Your account
      </Title>
      <Text size="sm" c="dimmed">
        Only you can see these.
      </Text>
      <Stack gap="xs" maw={{ base: '100%', xs: 320 }}>
        <Button component={Link} to={paths.subscribe.href()} variant="light">
          View Subscription Tiers
        </Button>
        <Button component={Link} to={paths.paymentMethods.href(username)} variant="default">
          Manage Payment Method
        </Button>
        <Button component={Link} to={paths.subscriptions.href()} variant="default">
          Manage Subscriptions
        </Button>
        <Divider my="xs" />
        <Text size="sm" c="dimmed">
          Lost a device, or signed in somewhere you should not be? End every session at once.
        </Text>
        <SignOutEverywhere />
      </Stack>
    </Stack>
  );
}
