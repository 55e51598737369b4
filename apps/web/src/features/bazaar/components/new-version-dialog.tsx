import type { Listing, ListingPreview, ListingPublish, Published } from '@caravanserai/api';
import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { usePublishVersion } from '../api/publish-listing';
import { publishErrors } from '../lib/form-errors';
import { listingBody, type PublishValues, unconfirmedIn, versionBody } from '../lib/publish-form';
import { CopyReview, PublishFooter, usePreviewedCopy } from './previewed-copy';
import { PublishFields } from './publish-fields';
import { PublishedView } from './published-view';

const valuesOf = (listing: Listing): PublishValues => ({
  include: listing.source?.include ?? [],
  summary: listing.summary,
  topics: listing.topics.join(', '),
  licence: listing.licence,
  caravan: '',
});

/**
 * The author publishes the next version of a listing: a fresh copy of its logbook as it is now,
 * with the tags of the newest version, and the summary, topics and licence as edited here. As for
 * a first publish, Preview shows the exact copy and what in it looks private, and Publish waits
 * for the author to say they looked. Once the logbook is deleted there is nothing to copy, and the
 * server says so.
 */
export function NewVersionDialog({
  listing,
  opened,
  onClose,
  renderCopy,
}: {
  listing: Listing;
  opened: boolean;
  onClose: () => void;
  /** Draws the copy (its XML and the files it carries) as the log is drawn. */
  renderCopy: (copy: ListingPreview) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [values, setValues] = useState(() => valuesOf(listing));
  const [published, setPublished] = useState<Published | null>(null);
  const copy = usePreviewedCopy();
  const publish = usePublishVersion();
  const errors = publishErrors(publish.error ?? copy.preview.error);
  const logid = listing.source?.logid ?? null;
  const previewBody = (): ListingPublish | null => (logid ? listingBody(logid, values) : null);

  const change = (next: PublishValues) => {
    setValues(next);
    copy.forget();
    publish.reset();
  };
  const close = () => {
    change(valuesOf(listing));
    setPublished(null);
    onClose();
  };
  const runPreview = () => {
    publish.reset();
    const body = previewBody();
    return body && copy.run(body);
  };
  const runPublish = async () => {
    publish.reset();
    const body = previewBody();
    const seen = body ? await copy.seen(body) : { confirm: false };
    if (!seen) return;
    publish.mutate(
      { listingId: listing.listing_id, body: versionBody(values, seen.confirm) },
      {
        onSuccess: setPublished,
        // The logbook changed since its preview and now looks private: the new copy is shown.
        onError: (error) => {
          if (unconfirmedIn(error)) void runPreview();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Publish a new version" size="xl" fullScreen={phone}>
      {published ? (
        <PublishedView title={listing.title} published={published} onClose={close} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Version {listing.version + 1} is copied afresh from your logbook as it is now, with the same tags
            as version {listing.version}. Earlier versions stay readable.
          </Text>
          <PublishFields values={values} onChange={change} errors={errors.fields} tags={false} />
          <CopyReview review={copy} renderCopy={renderCopy} />
          <PublishFooter
            problems={errors.other}
            onCancel={close}
            onPreview={logid ? () => void runPreview() : null}
            previewing={copy.preview.isPending}
            onPublish={() => void runPublish()}
            publishing={publish.isPending}
            publishLabel={`Publish version ${listing.version + 1}`}
            publishDisabled={copy.warned && !copy.acknowledged}
          />
        </Stack>
      )}
    </Modal>
  );
}
