import { ApiError, type Listing } from '@caravanserai/api';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { tombstoneOf, useListing } from '../../../features/bazaar/api/get-listing';
import { ListingActions } from '../../../features/bazaar/components/listing-actions';
import { ListingHeader } from '../../../features/bazaar/components/listing-header';
import { TombstoneView } from '../../../features/bazaar/components/tombstone-view';
import { VersionsList } from '../../../features/bazaar/components/versions-list';
import { logbookKeys } from '../../../features/logbooks/api/logbook-keys';
import { LogCopy, LogCopyList } from '../../../features/logbooks/workspace/components/log/log-copy';

const bazaarCrumb = { label: 'Bazaar', href: paths.bazaar.home.href() };

/** The version asked for in the address (`/v/{n}`), null for the newest, NaN for none that can be. */
function versionParam(text: string | undefined): number | null {
  if (text === undefined) return null;
  return /^[1-9]\d{0,6}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * /bazaar/{slug} and /bazaar/{slug}/v/{n}: a listing, for everyone who may see it: what it is, its
 * versions, Fork, Star and Report, the author's Withdraw and new version, and the version's log
 * drawn read-only as the workspace draws it. A withdrawn or removed listing shows its tombstone.
 */
export function Component() {
  const { slug = '', version: versionText } = useParams();
  const version = versionParam(versionText);
  const valid = version === null || Number.isInteger(version);
  const listing = useListing(slug, valid ? version : null, valid);
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (!valid) return <NotFound />;
  const tombstone = tombstoneOf(listing.error);
  if (tombstone) {
    return (
      <Page title={tombstone.tombstone.title} breadcrumbs={fromHome(bazaarCrumb, { label: 'Gone' })}>
        <TombstoneView tombstone={tombstone} />
      </Page>
    );
  }
  if (listing.error instanceof ApiError && listing.error.status === 404) return <NotFound />;
  if (!listing.data) {
    return (
      <Page title="Bazaar" breadcrumbs={fromHome(bazaarCrumb, { label: 'Listing' })}>
        {listing.isError ? (
          <Alert color="red" variant="light" role="alert" title="This listing could not be read.">
            {listing.error.message || 'Please try again.'}
          </Alert>
        ) : (
          <PageLoader label="Loading listing" />
        )}
      </Page>
    );
  }
  return (
    <ListingPage
      listing={listing.data}
      signedIn={user !== null}
      onForked={(logid) => {
        void queryClient.invalidateQueries({ queryKey: logbookKeys.list() });
        navigate(paths.logbooks.detail.href(logid));
      }}
    />
  );
}

function ListingPage({
  listing,
  signedIn,
  onForked,
}: {
  listing: Listing;
  signedIn: boolean;
  onForked: (logid: string) => void;
}) {
  return (
    <Page title={listing.title} breadcrumbs={fromHome(bazaarCrumb, { label: listing.title })}>
      <Stack gap="md">
        <ListingHeader listing={listing} />
        <ListingActions
          listing={listing}
          signedIn={signedIn}
          onForked={onForked}
          renderCopy={(copy) => <LogCopyList xml={copy.log} files={copy.files} />}
        />
        <VersionsList listing={listing} />
        <Divider />
        {/* Each version's copy is its own: a new address draws it anew, from its first entry. */}
        <LogCopy key={`${listing.slug}/${listing.shown.version}`} xml={listing.log} files={listing.files} />
      </Stack>
    </Page>
  );
}

function NotFound() {
  return (
    <Page
      title="Not found"
      heading="No such listing"
      breadcrumbs={fromHome(bazaarCrumb, { label: 'Not found' })}
    >
      <Text mb="md">
        There is no listing at this address, or it is for the members of a caravan you are not in.
      </Text>
      <Button component={Link} to={paths.bazaar.home.href()} variant="default">
        Back to the Bazaar
      </Button>
    </Page>
  );
}
