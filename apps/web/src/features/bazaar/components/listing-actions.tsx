import type { Listing, ListingPreview } from '@caravanserai/api';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { paths } from '../../../config/paths';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useForkListing } from '../api/fork-listing';
import { useSetStar } from '../api/star-listing';
import { useWithdrawListing } from '../api/withdraw-listing';
import { FlagIcon, ForkIcon, StarIcon } from './icons';
import { NewVersionDialog } from './new-version-dialog';
import { ReportDialog } from './report-dialog';

export const WITHDRAW_CONFIRM =
  'Its page will say it was withdrawn, and nobody can read or fork it any more. Forks already made stay their owners’. This cannot be undone.';

const failed = (title: string) => (error: unknown) =>
  notifications.show({
    color: 'red',
    title,
    message: serverFieldErrors(error).other.join(' ') || 'Please try again.',
  });

/**
 * What can be done with a listing: Fork (signed in; otherwise a way to log in), Star and Report
 * (anyone signed in but its author), and for its author Withdraw (after asking) and Publish a new
 * version.
 */
export function ListingActions({
  listing,
  signedIn,
  onForked,
  renderCopy,
}: {
  listing: Listing;
  signedIn: boolean;
  onForked: (logid: string) => void;
  /** Draws the copy a new version would make, as the log is drawn. */
  renderCopy: (copy: ListingPreview) => ReactNode;
}) {
  const fork = useForkListing();
  const star = useSetStar();
  const withdraw = useWithdrawListing();
  const [reporting, report] = useDisclosure(false);
  const [withdrawing, askWithdraw] = useDisclosure(false);
  const [versioning, newVersion] = useDisclosure(false);
  const { listing_id: listingId } = listing;

  const startFork = () =>
    fork.mutate(
      { listingId, version: listing.shown.version },
      { onSuccess: (logbook) => onForked(logbook.logid), onError: failed('Not forked') },
    );
  const toggleStar = () =>
    star.mutate({ listingId, starred: !listing.starred }, { onError: failed('Not changed') });
  const confirmWithdraw = () =>
    withdraw.mutate(listingId, {
      onSuccess: () => {
        askWithdraw.close();
        notifications.show({ color: 'teal', message: 'The listing was withdrawn.' });
      },
      onError: (error) => {
        askWithdraw.close();
        failed('Not withdrawn')(error);
      },
    });

  return (
    <Group gap="xs" wrap="wrap">
      {signedIn ? (
        <Button leftSection={<ForkIcon />} onClick={startFork} loading={fork.isPending}>
          Fork
        </Button>
      ) : (
        <Button component={Link} to={paths.login.href()} variant="default" leftSection={<ForkIcon />}>
          Login to fork
        </Button>
      )}
      {signedIn && !listing.mine && (
        <>
          <Button
            variant={listing.starred ? 'light' : 'default'}
            leftSection={<StarIcon filled={listing.starred} />}
            aria-pressed={listing.starred}
            onClick={toggleStar}
            loading={star.isPending}
          >
            {listing.starred ? 'Unstar' : 'Star'}
          </Button>
          <Button variant="subtle" color="gray" leftSection={<FlagIcon />} onClick={report.open}>
            Report
          </Button>
          <ReportDialog
            listingId={listingId}
            title={listing.title}
            opened={reporting}
            onClose={report.close}
          />
        </>
      )}
      {listing.mine && (
        <>
          <Button variant="default" onClick={newVersion.open}>
            Publish a new version
          </Button>
          <Button variant="light" color="red" onClick={askWithdraw.open}>
            Withdraw
          </Button>
          <NewVersionDialog
            listing={listing}
            opened={versioning}
            onClose={newVersion.close}
            renderCopy={renderCopy}
          />
          <ConfirmModal
            opened={withdrawing}
            title="Withdraw this listing?"
            message={WITHDRAW_CONFIRM}
            confirmLabel="Withdraw"
            loading={withdraw.isPending}
            onConfirm={confirmWithdraw}
            onClose={askWithdraw.close}
          />
        </>
      )}
    </Group>
  );
}
