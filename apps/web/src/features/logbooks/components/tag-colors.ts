import type { Tag } from '@caravanserai/logbook';
import type { MantineColor } from '@mantine/core';

/** One Mantine color per approved tag, so each kind of entry is told apart at a glance. */
export const TAG_COLORS: Record<Tag, MantineColor> = {
  context: 'grape',
  comment: 'gray',
  query: 'blue',
  mirage: 'red',
  gen: 'teal',
  code: 'violet',
  shell: 'cyan',
  command: 'orange',
};

/** Tags whose content is code or terminal text, shown in a monospace font. */
export const MONOSPACE_TAGS: ReadonlySet<Tag> = new Set<Tag>(['code', 'shell', 'command']);
