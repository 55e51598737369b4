import type { PaymentSource } from '@caravanserai/api';
import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConfirmModal } from '../../../components/confirm-modal';
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
      <ConfirmModal
        opened={opened}
        onClose={dismiss}
        title="Delete Payment Method"
        message={
          <>
            <Text>
              Are you sure you want to delete the {name}? It is removed from your account at Stripe.
            </Text>
            {card.default_payment_method && (
              <Text size="sm" c="dimmed">
                It is your active card: choose or add another before your subscriptions next renew.
              </Text>
            )}
          </>
        }
        error={
          remove.isError
            ? { title: 'The payment method was not deleted.', text: failureText(remove.error) }
            : null
        }
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
