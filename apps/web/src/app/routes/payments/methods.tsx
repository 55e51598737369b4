import type { PaymentSource } from '@caravanserai/api';
import { Alert, Divider, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCards } from '../../../features/payments/api/get-cards';
import { AddCardForm } from '../../../features/payments/components/add-card-form';
import { PaymentMethodList } from '../../../features/payments/components/payment-method-list';
import { cardName } from '../../../features/payments/lib/card-text';
import { failureText } from '../../../features/payments/lib/failure-text';
import { usePublicConfig } from '../../../lib/use-public-config';
import { SignedInOnly } from './signed-in-only';

/** Where a purchase page sends the user to add a card: back there once it is saved. */
const RETURN_TO: readonly string[] = [paths.subscribeMerchant.href(), paths.subscribeSultan.href()];

/** /payments/methods/{username}: the user's cards, the active one, and adding one. */
export function Component() {
  const { username = '' } = useParams();
  return (
    <Page
      title="Payment Method"
      heading="Payment Method"
      size="sm"
      breadcrumbs={fromHome(
        { label: 'Your Profile', href: paths.profile.href(username) },
        { label: 'Payment Method' },
      )}
    >
      <SignedInOnly username={username} otherUserHref={paths.paymentMethods.href}>
        {(user) => <PaymentMethods username={user.username} />}
      </SignedInOnly>
    </Page>
  );
}

function PaymentMethods({ username }: { username: string }) {
  const cards = useCards();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const next = useSearchParams()[0].get('next');

  // After adding a card it goes to the profile, or back to the purchase it is for.
  const added = (card: PaymentSource) => {
    notifications.show({ color: 'teal', message: `Card saved: ${cardName(card)}.` });
    navigate(next && RETURN_TO.includes(next) ? next : paths.profile.href(username));
  };

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="saved-cards">
        <Title order={2} fz="lg" id="saved-cards">
          Saved cards
        </Title>
        {cards.isPending ? (
          <PageLoader label="Loading cards" />
        ) : cards.isError ? (
          <Alert color="red" variant="light" role="alert" title="Your cards could not be loaded.">
            {failureText(cards.error)}
          </Alert>
        ) : (
          <PaymentMethodList cards={cards.data} username={username} />
        )}
      </Stack>
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="add-card">
        <Title order={2} fz="lg" id="add-card">
          Add a card
        </Title>
        {!config ? (
          <PageLoader />
        ) : config.stripe_publishable_key ? (
          <AddCardForm username={username} publishableKey={config.stripe_publishable_key} onAdded={added} />
        ) : (
          <Alert color="yellow" variant="light" title="Cards cannot be added here yet.">
            The server has no Stripe publishable key set.
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
