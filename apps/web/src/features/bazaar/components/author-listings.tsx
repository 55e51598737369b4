import { Stack, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useGallery } from '../api/get-gallery';
import { GalleryResults } from './gallery-results';

/** A profile's "In the Bazaar": the listings the user published, newest first. */
export function AuthorListings({ username }: { username: string }) {
  const gallery = useGallery({ author: username, sort: 'new' });
  return (
    <Stack gap="xs" component="section" aria-labelledby="bazaar-heading">
      <Title order={2} size="h3" id="bazaar-heading">
        In the Bazaar
      </Title>
      <GalleryResults
        gallery={gallery}
        topicHref={(topic) => paths.bazaar.home.href({ topic })}
        searched={false}
        empty={`u/${username} has published nothing in the Bazaar.`}
      />
    </Stack>
  );
}
