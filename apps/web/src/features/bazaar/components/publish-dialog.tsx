import type { ListingPreview, Published } from '@caravanserai/api';
import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { usePublishListing } from '../api/publish-listing';
import { publishErrors } from '../lib/form-errors';
import { listingBody, NEW_LISTING, type PublishValues, unconfirmedIn } from '../lib/publish-form';
import { CopyReview, PublishFooter, usePreviewedCopy } from './previewed-copy';
import { type CaravanChoice, PublishFields } from './publish-fields';
import { PublishedView } from './published-view';

/**
 * Publishing a logbook to the Bazaar: the author's choices, the exact copy a publish would make
 * (Preview) and what in it looks private. While anything does, Publish waits for the author to
 * say they looked; Publish previews first when the author has not. The logbook is not changed.
 */
export function PublishDialog({
  logid,
  title,
  opened,
  onClose,
  caravans = [],
  renderCopy,
}: {
  logid: string;
  title: string;
  opened: boolean;
  onClose: () => void;
  caravans?: readonly CaravanChoice[];
  /** Draws the copy (its XML and the files it carries) as the log is drawn. */
  renderCopy: (copy: ListingPreview) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [values, setValues] = useState<PublishValues>(NEW_LISTING);
  const [published, setPublished] = useState<Published | null>(null);
  const copy = usePreviewedCopy();
  const publish = usePublishListing();
  const errors = publishErrors(publish.error ?? copy.preview.error);

  const change = (next: PublishValues) => {
    setValues(next);
    copy.forget();
    publish.reset();
  };
  const close = () => {
    change(NEW_LISTING);
    setPublished(null);
    onClose();
  };
  const runPreview = () => {
    publish.reset();
    return copy.run(listingBody(logid, values));
  };
  const runPublish = async () => {
    publish.reset();
    const seen = await copy.seen(listingBody(logid, values));
    if (!seen) return;
    publish.mutate(listingBody(logid, values, seen.confirm), {
      onSuccess: (done) => {
        setPublished(done);
        notifications.show({ color: 'teal', message: `Published “${title}” to the Bazaar.` });
      },
      // The logbook changed since its preview and now looks private: the new copy is shown.
      onError: (error) => {
        if (unconfirmedIn(error)) void runPreview();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Publish to the Bazaar" size="xl" fullScreen={phone}>
      {published ? (
        <PublishedView title={title} published={published} onClose={close} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Publishing makes a copy of “{title}” as it is now, for others to read and fork. Your logbook stays
            as it is; publish again later for a new version.
          </Text>
          <PublishFields values={values} onChange={change} errors={errors.fields} caravans={caravans} />
          <CopyReview review={copy} renderCopy={renderCopy} />
          <PublishFooter
            problems={errors.other}
            onCancel={close}
            onPreview={() => void runPreview()}
            previewing={copy.preview.isPending}
            onPublish={() => void runPublish()}
            publishing={publish.isPending}
            publishLabel="Publish"
            publishDisabled={(copy.warned && !copy.acknowledged) || values.include.length === 0}
          />
        </Stack>
      )}
    </Modal>
  );
}
