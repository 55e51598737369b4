import { Stack } from '@mantine/core';
import { Page } from '../../components/page';
import { ConceptGrid } from '../../features/public/components/concept-grid';
import { GettingStarted } from '../../features/public/components/getting-started';
import { HomeHero } from '../../features/public/components/home-hero';
import { MapFigure } from '../../features/public/components/map-figure';

export function Component() {
  return (
    <Page title="Home" size="lg">
      <Stack gap={40}>
        <HomeHero />
        <MapFigure />
        <ConceptGrid />
        <GettingStarted />
      </Stack>
    </Page>
  );
}
