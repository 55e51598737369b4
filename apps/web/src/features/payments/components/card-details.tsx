import type { PaymentSource } from '@caravanserai/api';
import { Group, Stack, Text } from '@mantine/core';
import { brandName, expiryText } from '../lib/card-text';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} ff={label === 'Last 4 Digits' ? 'monospace' : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

/** A saved card as the card list shows it: 'Last 4 Digits', the brand, and the expiry month and year. */
export function CardDetails({ card }: { card: PaymentSource }) {
  return (
    <Group
      component="dl"
      m={0}
      wrap="wrap"
      align="flex-start"
      style={{ columnGap: 'var(--mantine-spacing-xl)', rowGap: 'var(--mantine-spacing-xs)' }}
    >
      <Field label="Last 4 Digits" value={card.last4} />
      <Field label="Brand" value={brandName(card.brand)} />
      <Field label="Expires" value={expiryText(card)} />
    </Group>
  );
}
