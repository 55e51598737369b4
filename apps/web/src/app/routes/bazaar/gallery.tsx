import { Button, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { useGallery } from '../../../features/bazaar/api/get-gallery';
import { GalleryResults } from '../../../features/bazaar/components/gallery-results';
import { GallerySearch } from '../../../features/bazaar/components/gallery-search';
import { TopicChips, topicsOf } from '../../../features/bazaar/components/topic-chips';
import {
  type GalleryParams,
  galleryParamsRecord,
  readGalleryParams,
} from '../../../features/bazaar/lib/gallery-params';

/** /bazaar/?q=&topic=&sort=: the published logbooks, for everyone, signed in or out. */
export function Component() {
  const [url, setUrl] = useSearchParams();
  const params = readGalleryParams(url);
  const gallery = useGallery({
    q: params.q || undefined,
    topic: params.topic || undefined,
    sort: params.sort,
  });
  const go = (next: GalleryParams) => setUrl(galleryParamsRecord(next));
  const topicHref = (topic: string) => paths.bazaar.home.href(galleryParamsRecord({ ...params, topic }));
  const topics = topicsOf(gallery.data?.pages.flatMap((page) => page.results) ?? []);
  const searched = params.q !== '' || params.topic !== '';

  return (
    <Page
      title={params.q ? `Bazaar: ${params.q}` : 'Bazaar'}
      heading="Bazaar"
      size="lg"
      breadcrumbs={fromHome({ label: 'Bazaar' })}
      action={
        <Button component={Link} to={paths.bazaar.wells.href()} variant="default">
          Wells for rent
        </Button>
      }
    >
      <Stack gap="md">
        <Text c="dimmed">
          Logbooks their authors published for others to read and build on. Fork one to carry it on with your
          own wells.
        </Text>
        <GallerySearch params={params} onSearch={go} />
        <TopicChips topics={topics} chosen={params.topic} onChoose={(topic) => go({ ...params, topic })} />
        <GalleryResults
          gallery={gallery}
          topicHref={topicHref}
          searched={searched}
          empty={searched ? 'No listing matches this search.' : 'Nothing has been published yet.'}
        />
      </Stack>
    </Page>
  );
}
