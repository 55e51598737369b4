import { Stack } from '@mantine/core';
import { Page } from '../../components/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { RecentLogbooksSection } from '../../features/logbooks/components/recent-logbooks-section';
import { ConceptGrid } from '../../features/public/components/concept-grid';
import { GettingStarted } from '../../features/public/components/getting-started';
import { HomeHero } from '../../features/public/components/home-hero';
import { MapFigure } from '../../features/public/components/map-figure';

export function Component() {
  const { user } = useCurrentUser();
  return (
    <Page title="Home" size="lg">
      <Stack gap={40}>
        {user && <RecentLogbooksSection />}
        <HomeHero />
        <MapFigure />
        <ConceptGrid />
        <GettingStarted />
      </Stack>
    </Page>
  );
}
