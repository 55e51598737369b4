import { Alert, Button, Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/page-loader';
import type { useGallery } from '../api/get-gallery';
import { counted } from './counts';
import { ListingGrid } from './listing-grid';

/**
 * The gallery's cards so far, how many there are, and "More" while there are more; `empty` says
 * what an empty answer means where it is shown.
 */
export function GalleryResults({
  gallery,
  topicHref,
  empty,
  searched,
}: {
  gallery: ReturnType<typeof useGallery>;
  topicHref: (topic: string) => string;
  empty: ReactNode;
  /** Words or a topic narrow the gallery: the count says "matching". */
  searched: boolean;
}) {
  if (gallery.isPending) return <PageLoader label="Loading listings" />;
  if (gallery.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The Bazaar could not be read.">
        {gallery.error.message || 'Please try again.'}
      </Alert>
    );
  }
  const listings = gallery.data.pages.flatMap((page) => page.results);
  const count = gallery.data.pages[0]?.count ?? 0;
  if (listings.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{empty}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {counted(count, 'listing', 'listings')}
        {searched ? ' found' : ''}
      </Text>
      <ListingGrid listings={listings} topicHref={topicHref} />
      {gallery.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={gallery.isFetchingNextPage}
            onClick={() => void gallery.fetchNextPage()}
          >
            More
          </Button>
        </Center>
      )}
    </Stack>
  );
}
