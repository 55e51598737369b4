import type { ListingPreview, ListingPublish } from '@caravanserai/api';
import { Alert, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { usePreviewListing } from '../api/preview-listing';
import { PublishWarnings } from './publish-warnings';

/**
 * The copy a publish would make, as the author last previewed it, and whether they said they
 * looked at its warnings: what the Publish dialog and the new-version dialog both wait on.
 */
export function usePreviewedCopy() {
  // The preview of the choices as they are now; any change makes it stale (`forget`).
  const [copy, setCopy] = useState<ListingPreview | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const preview = usePreviewListing();
  const warnings = copy?.warnings ?? [];

  const run = async (body: ListingPublish): Promise<ListingPreview | null> => {
    try {
      const made = await preview.mutateAsync(body);
      setCopy(made);
      setAcknowledged(false);
      return made;
    } catch {
      return null;
    }
  };
  return {
    copy,
    warnings,
    warned: warnings.length > 0,
    acknowledged,
    setAcknowledged,
    /** The preview call, for its error and whether it is under way. */
    preview,
    run,
    forget: () => {
      setCopy(null);
      setAcknowledged(false);
      preview.reset();
    },
    /**
     * Never published unseen: the copy of these choices (previewed first when it is not yet), or
     * null when publishing must wait (the preview failed, or it warns and the author has not said
     * they looked). `confirm`: the publish must confirm the warnings the author acknowledged.
     */
    seen: async (body: ListingPublish): Promise<{ confirm: boolean } | null> => {
      const seen = copy ?? (await run(body));
      if (!seen || (seen.warnings.length > 0 && !acknowledged)) return null;
      return { confirm: seen.warnings.length > 0 };
    },
  };
}

/**
 * What the author looks at before publishing: what in the copy looks private, with the box they
 * tick to publish it anyway, and the copy as readers will see it (drawn by `renderCopy`).
 */
export function CopyReview({
  review,
  renderCopy,
}: {
  review: ReturnType<typeof usePreviewedCopy>;
  renderCopy: (copy: ListingPreview) => ReactNode;
}) {
  const { copy } = review;
  return (
    <>
      {review.warned && (
        <PublishWarnings
          warnings={review.warnings}
          acknowledged={review.acknowledged}
          onAcknowledge={review.setAcknowledged}
        />
      )}
      {copy && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            The copy: {copy.entry_count === 1 ? '1 entry' : `${copy.entry_count} entries`}, as readers will
            see it
          </Text>
          <Paper withBorder p="xs" radius="md">
            <ScrollArea.Autosize mah="45vh" type="auto" aria-label="The copy">
              {renderCopy(copy)}
            </ScrollArea.Autosize>
          </Paper>
        </Stack>
      )}
    </>
  );
}

/** What refused the preview or the publish, then Cancel, Preview and Publish. */
export function PublishFooter({
  problems,
  onCancel,
  onPreview,
  previewing,
  onPublish,
  publishing,
  publishLabel,
  publishDisabled,
}: {
  /** Messages not about one field, shown above the buttons. */
  problems: readonly string[];
  onCancel: () => void;
  /** Left out when there is nothing to preview from. */
  onPreview: (() => void) | null;
  previewing: boolean;
  onPublish: () => void;
  publishing: boolean;
  publishLabel: string;
  publishDisabled: boolean;
}) {
  const busy = previewing || publishing;
  return (
    <>
      {problems.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="Not published">
          {problems.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        {onPreview && (
          <Button variant="light" onClick={onPreview} loading={previewing} disabled={busy}>
            Preview
          </Button>
        )}
        <Button onClick={onPublish} loading={publishing} disabled={busy || publishDisabled}>
          {publishLabel}
        </Button>
      </Group>
    </>
  );
}
