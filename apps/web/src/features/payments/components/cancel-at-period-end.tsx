import { ApiError, type Subscription, type SubscriptionType } from '@caravanserai/api';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { failureText } from '../lib/failure-text';
import { dateText, intervalText, periodText, statusText } from '../lib/subscription-text';

/**
 * Self-service cancelling beside the e-mail text: the subscription stays active
 * until the end of the period already paid, then ends, and is not charged again.
 */
export function CancelAtPeriodEnd({
  subscriptionId,
  tier,
  onCancelled,
}: {
  subscriptionId: string;
  tier: SubscriptionType;
  onCancelled?: (subscription: Subscription) => void;
}) {
  const subscription = useSubscription(subscriptionId);

  if (subscription.isPending) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the subscription…</Text>
      </Group>
    );
  }
  if (subscription.isError) {
    const signedOut = subscription.error instanceof ApiError && subscription.error.status === 401;
    return (
      <Text c="dimmed">
        {signedOut
          ? 'Log in as its owner to cancel it here instead.'
          : 'This subscription is not one of yours, or it does not exist, so it cannot be cancelled here.'}
      </Text>
    );
  }
  return <CancelControl subscription={subscription.data} tier={tier} onCancelled={onCancelled} />;
}

function CancelControl({
  subscription,
  tier,
  onCancelled,
}: {
  subscription: Subscription;
  tier: SubscriptionType;
  onCancelled?: (subscription: Subscription) => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const cancel = useCancelSubscription();
  const end = subscription.current_period_end ? dateText(subscription.current_period_end) : null;

  const dismiss = () => {
    cancel.reset();
    close();
  };
  const confirm = () =>
    cancel.mutate(subscription.subscription_id, {
      onSuccess: (cancelled) => {
        close();
        notifications.show({
          color: 'teal',
          message: end
            ? `Your ${tier} subscription ends on ${end}.`
            : `Your ${tier} subscription ends at the end of this period.`,
        });
        onCancelled?.(cancelled);
      },
    });

  const summary = (
    <Text size="sm" c="dimmed">
      {statusText(subscription.status)} · {intervalText(subscription)} · {periodText(subscription)}
    </Text>
  );

  if (!subscription.is_active) {
    return (
      <Stack gap={4}>
        {summary}
        <Text>This subscription has ended.</Text>
      </Stack>
    );
  }
  if (subscription.cancel_at_period_end) {
    return (
      <Stack gap="xs">
        {summary}
        <Alert color="teal" variant="light" title="Cancelled at period end">
          {end
            ? `It stays active until ${end}, then ends. You will not be charged again.`
            : 'It stays active until the end of this period, then ends. You will not be charged again.'}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {summary}
      <Text size="sm">Or cancel it yourself: it stays active until the end of the period you paid for.</Text>
      <Group>
        <Button color="red" variant="light" onClick={open}>
          Cancel at period end
        </Button>
      </Group>
      <ConfirmModal
        opened={opened}
        onClose={dismiss}
        title="Cancel at period end?"
        message={`Your ${tier} subscription stays active until ${end ?? 'the end of this period'}, then ends. You will not be charged again.`}
        error={
          cancel.isError
            ? { title: 'The subscription was not cancelled.', text: failureText(cancel.error) }
            : null
        }
        cancelLabel="Keep it"
        confirmLabel="Cancel at period end"
        loading={cancel.isPending}
        onConfirm={confirm}
      />
    </Stack>
  );
}
