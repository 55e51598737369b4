import { Anchor, Box, Paper, ScrollArea, Text } from '@mantine/core';
import { SilkRoadMap } from './silk-road-map';

/**
 * The home page's map with its credit. Below 720 px the labels would shrink past reading, so on
 * phones the map keeps that width and scrolls sideways instead (a focusable region, for keyboards).
 */
export function MapFigure() {
  return (
    <Box component="figure" m={0}>
      <Paper withBorder radius="md" p={4}>
        <ScrollArea
          type="auto"
          offsetScrollbars="x"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Silk Road map' }}
        >
          <Box miw={720}>
            <SilkRoadMap />
          </Box>
        </ScrollArea>
      </Paper>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        Map: Caravanserai, CC0. Original artwork, dedicated to the public domain under{' '}
        <Anchor
          href="https://creativecommons.org/publicdomain/zero/1.0/"
          size="sm"
          target="_blank"
          rel="noreferrer"
        >
          CC0 1.0
        </Anchor>
        .
        <Text span hiddenFrom="sm" size="sm">
          {' '}
          Scroll sideways to see the whole map.
        </Text>
      </Text>
    </Box>
  );
}
