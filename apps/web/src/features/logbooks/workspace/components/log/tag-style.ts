import type { Tag } from '@caravanserai/logbook';
import type { MantineColor } from '@mantine/core';

/**
 * One Mantine colour per approved tag, chosen so no two neighbours on the colour wheel share a
 * log: Mantine's light variants of these stay readable on both the light and the dark scheme.
 */
export const TAG_COLORS: Record<Tag, MantineColor> = {
  context: 'grape',
  comment: 'gray',
  query: 'blue',
  mirage: 'red',
  gen: 'teal',
  code: 'yellow',
  shell: 'lime',
  command: 'orange',
};

/** Tags whose content is code or terminal text, shown in a monospace font. */
export const MONOSPACE_TAGS: ReadonlySet<Tag> = new Set<Tag>(['code', 'shell', 'command']);
