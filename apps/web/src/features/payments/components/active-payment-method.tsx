import type { PaymentSource } from '@caravanserai/api';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { CardDetails } from './card-details';

/**
 * 'Active Payment Method' on the purchase pages: the default card, which the purchase is charged
 * to, with a way to change it; without one, a way to add one.
 */
export function ActivePaymentMethod({
  card,
  loading,
  methodsHref,
}: {
  card: PaymentSource | undefined;
  loading: boolean;
  /** The payment methods page, coming back here after a card is added. */
  methodsHref: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="active-payment-method">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="active-payment-method">
            Active Payment Method
          </Title>
          {card && (
            <Anchor component={Link} to={methodsHref} size="sm">
              Change card
            </Anchor>
          )}
        </Group>
        {loading ? (
          <PageLoader label="Loading payment method" />
        ) : card ? (
          <CardDetails card={card} />
        ) : (
          <Alert color="yellow" variant="light" title="No payment method yet">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Add a card first: the subscription is charged to your active card.</Text>
              <Button component={Link} to={methodsHref} size="sm">
                Add a Payment Method
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
