import type { Rental } from '@caravanserai/api';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useEndRental } from '../api/end-rental';
import { END_LENDING_CONFIRM, END_RENTAL_CONFIRM } from '../lib/confirm-texts';
import { RentalCards } from './rental-cards';
import type { RentalSide } from './rental-parts';
import { RentalsTable } from './rentals-table';

const CONFIRM: Record<RentalSide, string> = { renting: END_RENTAL_CONFIRM, lending: END_LENDING_CONFIRM };

/**
 * One side of the user's rentals, a table on a wide screen and cards on a phone, each under way
 * with End, which asks first.
 */
export function RentalsList({
  rentals,
  side,
  onWellsChanged,
}: {
  rentals: readonly Rental[];
  side: RentalSide;
  /** The user's well list changed: a rental of theirs ended. */
  onWellsChanged?: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const end = useEndRental(side === 'renting' ? onWellsChanged : undefined);
  const [asked, setAsked] = useState<Rental | null>(null);

  const confirmEnd = () => {
    if (!asked) return;
    end.mutate(asked.rental_id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `The rental of “${asked.well_title}” has ended.` });
        setAsked(null);
      },
      onError: (error) => {
        setAsked(null);
        notifications.show({
          color: 'red',
          title: 'Not ended',
          message: serverFieldErrors(error).other.join(' ') || 'Please try again.',
        });
      },
    });
  };

  return (
    <>
      {phone ? (
        <RentalCards rentals={rentals} side={side} onEnd={setAsked} />
      ) : (
        <RentalsTable rentals={rentals} side={side} onEnd={setAsked} />
      )}
      <ConfirmModal
        opened={asked !== null}
        title={asked ? `End the rental of “${asked.well_title}”?` : 'End the rental?'}
        message={CONFIRM[side]}
        confirmLabel="End rental"
        loading={end.isPending}
        onConfirm={confirmEnd}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
