import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from './page';
import { type LinkTo, StartButtons } from './start-buttons';

/** An area's home page: what it is, New / Load, and a pointer elsewhere below. */
export function AreaHome({
  title,
  intro,
  start,
  load,
  children,
}: {
  title: string;
  intro: ReactNode;
  start: LinkTo;
  load: LinkTo;
  children: ReactNode;
}) {
  return (
    <Page title={title} heading={title}>
      <Stack gap="lg">
        <Text>{intro}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
          <StartButtons start={start} load={load} />
        </SimpleGrid>
        <Text>{children}</Text>
      </Stack>
    </Page>
  );
}
