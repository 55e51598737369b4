import { ApiError, type WellOffer } from '@caravanserai/api';
import { Alert, Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useEndRent, useRentWell } from '../api/rent-well';
import { useWithdrawOffer } from '../api/withdraw-offer';
import { END_RENTAL_CONFIRM, WITHDRAW_OFFER_CONFIRM } from '../lib/confirm-texts';

const failed = (title: string) => (error: unknown) =>
  notifications.show({
    color: 'red',
    title,
    message: serverFieldErrors(error).other.join(' ') || 'Please try again.',
  });

/** The refusal of a priced offer to a renter without a saved card, or null. */
const cardMissing = (error: unknown): string | null =>
  error instanceof ApiError && error.code === 'payment_method_required'
    ? (error.detail ?? 'Add a payment method first.')
    : null;

/**
 * What the user can do with an offer: Rent it; or, renting it, End rental (after asking); or, for
 * their own, Withdraw it (after asking). `children` (the renters count) sits at the row's start.
 */
export function OfferActions({
  offer,
  cardsHref,
  onWellsChanged,
  children,
}: {
  offer: WellOffer;
  cardsHref: string | null;
  onWellsChanged?: () => void;
  children?: ReactNode;
}) {
  const rent = useRentWell(onWellsChanged);
  const endRent = useEndRent(onWellsChanged);
  const withdraw = useWithdrawOffer();
  const [ending, askEnd] = useDisclosure(false);
  const [withdrawing, askWithdraw] = useDisclosure(false);
  const { title } = offer.well;
  const needsCard = cardMissing(rent.error);

  const startRent = () =>
    rent.mutate(offer.offer_id, {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: `You rent “${title}”: it is among your wells now.` }),
      onError: (error) => {
        if (!cardMissing(error)) failed('Not rented')(error);
      },
    });
  const confirmEnd = () =>
    endRent.mutate(offer.offer_id, {
      onSuccess: () => {
        askEnd.close();
        notifications.show({ color: 'teal', message: `Your rental of “${title}” has ended.` });
      },
      onError: (error) => {
        askEnd.close();
        failed('Not ended')(error);
      },
    });
  const confirmWithdraw = () =>
    withdraw.mutate(offer.offer_id, {
      onSuccess: () => {
        askWithdraw.close();
        notifications.show({ color: 'teal', message: `“${title}” is no longer offered.` });
      },
      onError: (error) => {
        askWithdraw.close();
        failed('Not withdrawn')(error);
      },
    });

  return (
    <Stack gap={8} mt="auto" pt={4}>
      <Group gap="xs" justify="space-between" wrap="wrap" style={{ rowGap: 8 }}>
        {children}
        <Group gap="xs" ml="auto" wrap="nowrap">
          {offer.mine ? (
            <>
              <Badge variant="light" color="indigo" tt="none">
                Your offer
              </Badge>
              <Button size="xs" variant="light" color="red" onClick={askWithdraw.open}>
                Withdraw
              </Button>
            </>
          ) : offer.rental_id ? (
            <>
              <Badge variant="light" color="teal" tt="none">
                Rented
              </Badge>
              <Button size="xs" variant="default" onClick={askEnd.open}>
                End rental
              </Button>
            </>
          ) : (
            <Button size="xs" onClick={startRent} loading={rent.isPending}>
              Rent
            </Button>
          )}
        </Group>
      </Group>
      {needsCard && (
        <Alert color="yellow" variant="light" role="alert" p="xs">
          {needsCard}{' '}
          {cardsHref && (
            <Anchor component={Link} to={cardsHref} inherit>
              Add a card
            </Anchor>
          )}
        </Alert>
      )}
      <ConfirmModal
        opened={ending}
        title={`End your rental of “${title}”?`}
        message={END_RENTAL_CONFIRM}
        confirmLabel="End rental"
        loading={endRent.isPending}
        onConfirm={confirmEnd}
        onClose={askEnd.close}
      />
      <ConfirmModal
        opened={withdrawing}
        title="Withdraw this offer?"
        message={WITHDRAW_OFFER_CONFIRM}
        confirmLabel="Withdraw"
        loading={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onClose={askWithdraw.close}
      />
    </Stack>
  );
}
