import type { PaymentSource } from '@caravanserai/api';
import { Alert, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { useSetDefaultCard } from '../api/set-default-card';
import { cardName } from '../lib/card-text';
import { failureText } from '../lib/failure-text';
import { ActiveTick } from './active-tick';
import { CardDetails } from './card-details';
import { DeleteCardButton } from './delete-card-button';
import classes from './payment-method-card.module.css';

/**
 * The saved cards: only those whose status is true (not expired), each with its
 * details, an 'Active' tick on the default and 'Delete Payment Method'. Clicking a card makes it
 * the default.
 */
export function PaymentMethodList({ cards, username }: { cards: PaymentSource[]; username: string }) {
  const setDefault = useSetDefaultCard();
  const usable = cards.filter((card) => card.status);
  const expired = cards.length - usable.length;

  return (
    <Stack gap="sm">
      {setDefault.isError && (
        <Alert color="red" variant="light" role="alert" title="The active card was not changed.">
          {failureText(setDefault.error)}
        </Alert>
      )}
      {usable.length === 0 ? (
        <Text c="dimmed">No saved cards yet. Add one below.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Saved cards">
          {usable.map((card) => (
            <li key={card.payment_key}>
              <PaymentMethodCard
                card={card}
                username={username}
                busy={setDefault.isPending}
                onSelect={() => setDefault.mutate(card.payment_key)}
              />
            </li>
          ))}
        </Stack>
      )}
      {expired > 0 && (
        <Text size="sm" c="dimmed">
          {expired === 1 ? 'One expired card is' : `${expired} expired cards are`} not shown.
        </Text>
      )}
    </Stack>
  );
}

function PaymentMethodCard({
  card,
  username,
  busy,
  onSelect,
}: {
  card: PaymentSource;
  username: string;
  busy: boolean;
  onSelect: () => void;
}) {
  const titleId = useId();
  const active = card.default_payment_method;
  return (
    <Card withBorder padding={0} className={classes.card} data-active={active || undefined}>
      <UnstyledButton
        className={classes.select}
        aria-labelledby={titleId}
        aria-pressed={active}
        disabled={active || busy}
        onClick={onSelect}
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={700} id={titleId}>
              {cardName(card)}
            </Text>
            {active ? (
              <ActiveTick />
            ) : (
              <Text size="xs" c="dimmed" ta="right">
                Click to make it the active card
              </Text>
            )}
          </Group>
          <CardDetails card={card} />
        </Stack>
      </UnstyledButton>
      <Group className={classes.footer} px="md" py="xs" justify="flex-end">
        <DeleteCardButton card={card} username={username} />
      </Group>
    </Card>
  );
}
