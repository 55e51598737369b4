import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from './page';
import { type LinkTo, StartButtons } from './start-buttons';

/** An area's home page: what it is, New / Load, a pointer elsewhere below, and anything more. */
export function AreaHome({
  title,
  intro,
  start,
  load,
  children,
  more,
}: {
  title: string;
  intro: ReactNode;
  start: LinkTo;
  load: LinkTo;
  children: ReactNode;
  /** Below the pointer elsewhere, e.g. another way in. */
  more?: ReactNode;
}) {
  return (
    <Page title={title} heading={title}>
      <Stack gap="lg">
        <Text>{intro}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
          <StartButtons start={start} load={load} />
        </SimpleGrid>
        <Text>{children}</Text>
        {more}
      </Stack>
    </Page>
  );
}
