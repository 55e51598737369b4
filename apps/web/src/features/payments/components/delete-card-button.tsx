import type { PaymentSource } from '@caravanserai/api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRemoveCard } from '../api/remove-card';
import { cardName } from '../lib/card-text';
import { failureText } from '../lib/failure-text';

/** 'Delete Payment Method', behind a confirmation naming the card. */
export function DeleteCardButton({ card, username }: { card: PaymentSource; username: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useRemoveCard();
  const name = cardName(card);

  const dismiss = () => {
    remove.reset();
    close();
  };
  const confirm = () => remove.mutate({ username, paymentKey: card.payment_key }, { onSuccess: close });

  return (
    <>
      <Button
        color="red"
        variant="light"
        size="xs"
        onClick={open}
        aria-label={`Delete Payment Method ${name}`}
      >
        Delete Payment Method
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Delete Payment Method" centered>
        <Stack>
          <Text>Are you sure you want to delete the {name}? It is removed from your account at Stripe.</Text>
          {card.default_payment_method && (
            <Text size="sm" c="dimmed">
              It is your active card: choose or add another before your subscriptions next renew.
            </Text>
          )}
          {remove.isError && (
            <Alert color="red" variant="light" role="alert" title="The payment method was not deleted.">
              {failureText(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
